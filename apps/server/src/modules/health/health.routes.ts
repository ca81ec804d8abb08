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
  /** Present when the deployment uses Redis (queue, live steps, rate limits). */
  redis: ComponentSchema.optional(),
});

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['health'],
  summary: 'Whether the database, the file store and Redis (when used) answer: readiness',
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

const liveRoute = createRoute({
  method: 'get',
  path: '/health/live',
  tags: ['health'],
  summary:
    'Liveness: the process answers requests (nothing else is asked, so a failing database or store does not get a live process restarted)',
  responses: {
    200: {
      description: 'The process is alive',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
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
  /** Pings Redis; absent in the embedded shape. */
  pingRedis?: (() => Promise<unknown>) | undefined;
}) {
  return new OpenAPIHono()
    .openapi(liveRoute, (c) => c.json({ ok: true as const }, 200))
    .openapi(healthRoute, async (c) => {
      const [database, storage, redis] = await Promise.all([
        probe(deps.database.kind, deps.database.ping),
        probe(deps.storageKind, deps.storage.check),
        deps.pingRedis ? probe('redis', async () => void (await deps.pingRedis!())) : undefined,
      ]);
      const ok = database.ok && storage.ok && (redis?.ok ?? true);
      return c.json({ ok, database, storage, ...(redis ? { redis } : {}) }, ok ? 200 : 503);
    });
}
