import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, signUpVerified, type TestServer } from '../../../test/test-server.js';
import { imageForm, makeImage } from '../../../test/images.js';

let t: TestServer;
let officialUrl: string;
let owner: Awaited<ReturnType<typeof signUpVerified>>;
let uploadUrl: string;

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpVerified(t);
  const res = await owner.client.request('/api/templates?limit=1&sort=newest');
  officialUrl = ((await res.json()) as { items: { imageUrl: string }[] }).items[0]!.imageUrl;
  const upload = await owner.client.request('/api/uploads', {
    method: 'POST',
    body: imageForm(await makeImage({ width: 900, height: 600 }), 'photo.png'),
  });
  uploadUrl = ((await upload.json()) as { url: string }).url;
});
afterAll(() => t.stop());

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(new URL(url, t.baseUrl), { headers });

describe('image variants', () => {
  it('serve an official template as a resized WebP with long public caching', async () => {
    const res = await get(`${officialUrl}?w=300&q=70`, { accept: 'image/avif,image/webp,*/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toBe('Accept');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    // 300 snaps up to the 320 step.
    expect(meta.width).toBe(320);
    const again = await get(`${officialUrl}?w=300&q=70`, {
      accept: 'image/webp',
      'if-none-match': etag!,
    });
    expect(again.status).toBe(304);
  });

  it('serve AVIF only when it was made ahead of time and the browser takes it', async () => {
    const key = decodeURIComponent(officialUrl.split('/category-images/')[1]!);
    const avif = { accept: 'image/avif,image/webp,*/*' };
    expect((await get(`${officialUrl}?w=320&h=320&q=75`, avif)).headers.get('content-type')).toBe(
      'image/webp',
    );
    expect(await t.server.images.premakeAvif([{ bucket: 'category-images', key }])).toBe(4);
    expect(await t.server.images.premakeAvif([{ bucket: 'category-images', key }])).toBe(0);
    const res = await get(`${officialUrl}?w=320&h=320&q=75`, avif);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('vary')).toBe('Accept');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('heif');
    // Without AVIF in Accept, or at a size not made ahead, WebP as before.
    const webp = await get(`${officialUrl}?w=320&h=320&q=75`, { accept: 'image/webp' });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('etag')).not.toBe(res.headers.get('etag'));
    const other = await get(`${officialUrl}?w=960&q=75`, avif);
    expect(other.headers.get('content-type')).toBe('image/webp');
  });

  it('answer JPEG to a browser without WebP and clamp absurd numbers', async () => {
    const jpeg = await get(`${officialUrl}?w=256`, { accept: 'image/jpeg' });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    const huge = await get(`${officialUrl}?w=99999&h=-5&q=1000&f=webp`);
    expect(huge.status).toBe(200);
    expect(huge.headers.get('vary')).toBeNull();
    const meta = await sharp(Buffer.from(await huge.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(1600);
    const junk = await get(`${officialUrl}?w=abc&f=gif`, { accept: 'image/webp' });
    expect(junk.status).toBe(200);
    expect(junk.headers.get('content-type')).toBe('image/webp');
  });

  it('serve a private upload only to its owner, with private caching', async () => {
    const mine = await owner.client.request(`${uploadUrl}?w=128`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toContain('private');
    expect((await get(`${uploadUrl}?w=128`)).status).toBe(404);
    const other = await signUpVerified(t);
    expect((await other.client.request(`${uploadUrl}?w=128`)).status).toBe(404);
  });

  it('refuse unknown buckets, traversal and missing files', async () => {
    for (const url of [
      '/api/images/not-a-bucket/x.png',
      '/api/images/category-images/official/..%2F..%2Fsecret',
      '/api/images/category-images/official/missing.jpg?w=64',
      '/api/images/category-images/elsewhere/a.jpg',
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });
});
