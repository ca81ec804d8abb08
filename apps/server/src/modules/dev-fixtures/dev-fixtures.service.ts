import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { authUsers, users } from '../../db/schema.js';

/** Sets a user's tier directly: billing arrives in a later issue; tests and admins need it now. */
export async function setPlan(
  db: Database,
  options: { userId?: string; email?: string; tier: SubscriptionTier },
): Promise<boolean> {
  if (!SUBSCRIPTION_TIERS.includes(options.tier)) throw new Error(`Unknown tier ${options.tier}`);
  let userId = options.userId;
  if (!userId && options.email) {
    const rows = await db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, options.email.toLowerCase()))
      .limit(1);
    userId = rows[0]?.id;
  }
  if (!userId) return false;
  const updated = await db
    .update(users)
    .set({ subscriptionTier: options.tier, updatedAt: new Date() })
    .where(eq(users.userId, userId))
    .returning({ userId: users.userId });
  return updated.length > 0;
}
