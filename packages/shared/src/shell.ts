import type { SubscriptionTier } from './limits.js';

/** Display name: full name, else e-mail, else 'User'. */
export function displayName(
  fullName: string | null | undefined,
  email: string | null | undefined,
): string {
  return fullName?.trim() || email?.trim() || 'User';
}

export function planLabel(tier: SubscriptionTier | string | null | undefined): string {
  if (tier === 'free') return 'Free Plan';
  if (tier === 'pro_weekly' || tier === 'pro_monthly') return 'Pro Plan';
  if (tier === 'enterprise_weekly' || tier === 'enterprise_monthly') return 'Enterprise';
  return 'Unknown Plan';
}

export function isEnterpriseTier(tier: string | null | undefined): boolean {
  return Boolean(tier?.includes('enterprise'));
}

export function isPaidTier(tier: string | null | undefined): boolean {
  return Boolean(tier) && tier !== 'free';
}

/** 12 gradient colour pairs for avatars without an image. */
export const AVATAR_GRADIENTS: readonly (readonly [string, string])[] = [
  ['#6366f1', '#a855f7'],
  ['#ec4899', '#f97316'],
  ['#14b8a6', '#0ea5e9'],
  ['#f59e0b', '#ef4444'],
  ['#22c55e', '#14b8a6'],
  ['#8b5cf6', '#ec4899'],
  ['#0ea5e9', '#6366f1'],
  ['#f43f5e', '#a855f7'],
  ['#84cc16', '#22c55e'],
  ['#06b6d4', '#3b82f6'],
  ['#d946ef', '#f43f5e'],
  ['#f97316', '#eab308'],
];

/** A stable index into AVATAR_GRADIENTS from the user id (31-based string hash). */
export function pickAvatarGradient(userId: string): readonly [string, string] {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) | 0;
  return AVATAR_GRADIENTS[Math.abs(hash) % AVATAR_GRADIENTS.length]!;
}
