import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { storedObjects, templates } from '../src/db/schema.js';
import type { Client, TestServer } from './test-server.js';

/** A studio-like template: a soft gradient with a dark product standing in the middle. */
export async function makeTemplateImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4efe8"/><stop offset="1" stop-color="#d9cfc2"/></linearGradient></defs>
    <rect width="800" height="800" fill="url(#g)"/>
    <rect x="300" y="250" width="200" height="380" rx="24" fill="#2b4c7e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A product photo: a red bottle shape on a plain white background. */
export async function makeProductImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#ffffff"/>
    <rect x="220" y="120" width="160" height="560" rx="40" fill="#d62d3a"/>
    <rect x="260" y="60" width="80" height="80" rx="10" fill="#222"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedOfficialTemplate(t: TestServer, options: { image?: Buffer } = {}) {
  const key = `official/test-${randomUUID()}.jpg`;
  const body = options.image ?? (await makeTemplateImage());
  await t.server.storage.put({ bucket: 'category-images', key, body, contentType: 'image/jpeg' });
  const [row] = await t.server.database.db
    .insert(templates)
    .values({
      name: 'Test studio',
      category: 'home',
      imageKey: key,
      width: 800,
      height: 800,
      productBox: { x: 300, y: 250, width: 200, height: 380 },
    })
    .returning();
  return row!;
}

export async function seedUpload(
  t: TestServer,
  options: { userId: string; body?: Buffer; name?: string },
) {
  const body = options.body ?? (await makeProductImage());
  const name = options.name ?? `product-${randomUUID().slice(0, 8)}.png`;
  const key = `${options.userId}/${randomUUID()}.png`;
  await t.server.storage.put({ bucket: 'temp-images', key, body, contentType: 'image/png' });
  const [row] = await t.server.database.db
    .insert(storedObjects)
    .values({
      bucket: 'temp-images',
      key,
      ownerId: options.userId,
      name,
      contentType: 'image/png',
      size: body.length,
    })
    .returning();
  return row!;
}

/** Polls a generation until it is done or failed; returns its last view. */
export async function waitUntilFinished<View extends { status: string }>(
  client: Client,
  id: string,
): Promise<View> {
  for (let tries = 0; tries < 100; tries += 1) {
    const view = (await (await client.request(`/api/generations/${id}`)).json()) as View;
    if (view.status === 'done' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the job did not finish');
}
