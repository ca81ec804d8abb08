import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../../test/images.js';
import { signUpVerified, startTestServer, type TestServer } from '../../../test/test-server.js';
import { prepareFolderImport, seedCatalogue } from './catalogue.service.js';

let t: TestServer;
let folder: string;

beforeAll(async () => {
  t = await startTestServer();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-admin-'));
  fs.writeFileSync(
    path.join(folder, 'Vintage_radio-promo.png'),
    await makeImage({ width: 2400, height: 1200 }),
  );
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an image');
});
afterAll(async () => {
  await t.stop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('admin add-templates', () => {
  it('adds each image of a folder once, resized, named from its file', async () => {
    const db = t.server.database.db;
    const first = await prepareFolderImport({ folder, category: 'music' });
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]).toMatchObject({
      name: 'Vintage radio promo',
      width: 1600,
      height: 800,
    });
    expect(await seedCatalogue({ db, storage: t.server.storage, ...first })).toBe(1);
    const again = await prepareFolderImport({ folder, category: 'music' });
    expect(await seedCatalogue({ db, storage: t.server.storage, ...again })).toBe(0);
    const user = await signUpVerified(t);
    const res = await user.client.request('/api/templates?search=vintage%20radio');
    const items = ((await res.json()) as { items: { name: string; category: string }[] }).items;
    expect(items).toEqual([
      expect.objectContaining({ name: 'Vintage radio promo', category: 'music' }),
    ]);
  });
});
