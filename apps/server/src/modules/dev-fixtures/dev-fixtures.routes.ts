import { Hono } from 'hono';
import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import type { AppEnv } from '../../http/app-env.js';
import { readFileBytes } from '../../http/image-items.js';
import { requireUser } from '../../http/session.js';
import type { DesignsService } from '../designs/designs.service.js';
import { setPlan } from './dev-fixtures.service.js';

/**
 * Development-only helpers for the signed-in user, mounted outside production like /dev/outbox:
 * store a finished design (generation arrives in a later issue) and change the plan (billing
 * arrives later). The browser tests use them to reach the states they check.
 */
export function createDevFixtureRoutes(deps: { db: Database; designs: DesignsService }) {
  return new Hono<AppEnv>()
    .post('/dev/designs', async (c) => {
      const user = requireUser(c);
      const form = await c.req.parseBody();
      const file = form.file;
      if (!(file instanceof File)) return c.json({ error: 'a file is required' }, 400);
      const createdAt = z.iso
        .datetime()
        .optional()
        .parse(form.createdAt || undefined);
      const design = await deps.designs.recordDesign({
        userId: user.id,
        bytes: await readFileBytes(file),
        createdAt: createdAt ? new Date(createdAt) : undefined,
      });
      return c.json(design, 201);
    })
    .post('/dev/plan', async (c) => {
      const user = requireUser(c);
      const body = z
        .object({ tier: z.enum(SUBSCRIPTION_TIERS) })
        .safeParse(await c.req.json().catch(() => null));
      if (!body.success)
        return c.json({ error: `tier must be one of ${SUBSCRIPTION_TIERS.join(', ')}` }, 400);
      await setPlan(deps.db, { userId: user.id, tier: body.data.tier });
      return c.json({ ok: true }, 200);
    });
}
