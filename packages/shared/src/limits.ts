/** Business constants of the specification, one source for web, server and tests. */
export const BUCKETS = [
  'category-images',
  'avatars',
  'user-creations',
  'temp-images',
  'bug-reports',
] as const;
export type Bucket = (typeof BUCKETS)[number];
export const PUBLIC_BUCKETS: readonly Bucket[] = ['category-images'];

/** Signed URL lifetimes, in seconds. */
export const SIGNED_URL_TTL = { avatars: 3600, default: 3600, image: 600 } as const;

export const SUBSCRIPTION_TIERS = [
  'free',
  'pro_weekly',
  'pro_monthly',
  'enterprise_weekly',
  'enterprise_monthly',
] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const USER_TYPES = [
  'creator',
  'ecommerce',
  'small_business',
  'designer',
  'explorer',
  'other',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PRODUCT_NAME = 'Adtwin';

/** Uploads: size and pixel limits checked on the server from the bytes. */
export const UPLOAD_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  maxNameLength: 120,
} as const;
