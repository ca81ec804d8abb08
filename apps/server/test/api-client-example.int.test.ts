import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { runExample } from '../../../examples/api-client/src/run-example.js';
import { typesFromDocument } from '../../../examples/api-client/scripts/api-types.js';
import { generations } from '../src/db/schema.js';
import { makeProductImage, seedOfficialTemplate } from './generation-fixtures.js';
import { createScriptedProvider } from './scripted-provider.js';
import { signUpVerified, startTestServer, type TestServer } from './test-server.js';

// examples/api-client is what the Help Center's "Use the API" page shows; it runs here, against a
// really started server, so it cannot drift from the API.
const scripted = createScriptedProvider();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    { DISABLE_RATE_LIMITS: 'true' },
    { imageProvider: scripted.provider, seedCatalogue: false },
  );
});
afterAll(() => t.stop());

describe('examples/api-client', () => {
  it('its generated types are those of the current OpenAPI document', async () => {
    const document = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as object;
    const committed = fs.readFileSync(
      new URL('../../../examples/api-client/src/adtwin-api.d.ts', import.meta.url),
      'utf8',
    );
    // If this fails: start the server and run `npm run generate -w examples/api-client`.
    expect(committed).toBe(await typesFromDocument(document));
  });

  it('uploads, swaps, follows and downloads with a key, through the typed client', async () => {
    const { client, userId } = await signUpVerified(t);
    await seedOfficialTemplate(t);
    const created = await client.request('/api/api-keys', {
      method: 'POST',
      json: { name: 'Example' },
    });
    const { key } = (await created.json()) as { key: string };
    const { generation, image } = await runExample({
      baseUrl: t.baseUrl,
      apiKey: key,
      product: { bytes: await makeProductImage(), fileName: 'bottle.png' },
    });
    expect(generation.status).toBe('done');
    const [row] = await t.server.database.db
      .select()
      .from(generations)
      .where(eq(generations.id, generation.id));
    expect(row!.userId).toBe(userId);
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(0);
  });
});
