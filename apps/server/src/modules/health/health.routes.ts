import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { DatabaseHandle } from '../../db/client.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';

const ComponentSchema = z.object({
  ok: z.boolean(),
  kind: z.string(),
  error: z.string().optional(),
});
const HealthSchema = z.object({
  ok: z.boolean(),
  database: ComponentSchema,
  storage: ComponentSchema,
});

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['health'],
  summary: 'Whether the database and the file store answer',
  responses: {
    200: {
      description: 'All components answer',
      content: { 'application/json': { schema: HealthSchema } },
    },
    503: {
      description: 'A component fails',
      content: { 'application/json': { schema: HealthSchema } },
    },
  },
});

async function probe(kind: string, check: () => Promise<void>) {
  try {
    await check();
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, error: error instanceof Error ? error.message : String(error) };
  }
}

export function createHealthRoutes(deps: {
  database: DatabaseHandle;
  storage: ObjectStorage;
  storageKind: string;
}) {
  return new OpenAPIHono().openapi(healthRoute, async (c) => {
    const [database, storage] = await Promise.all([
      probe(deps.database.kind, deps.database.ping),
      probe(deps.storageKind, deps.storage.check),
    ]);
    const ok = database.ok && storage.ok;
    return c.json({ ok, database, storage }, ok ? 200 : 503);
  });
}
