import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './platform/storage/s3-storage.js';

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** An empty variable means the same as an unset one (its default), never 0 or ''. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && !value.trim() ? undefined : value), schema);

const webAddress = z.url({
  protocol: /^https?$/,
  error: 'must be a web address starting with http:// or https://',
});

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: unsetWhenEmpty(z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: unsetWhenEmpty(z.string().default('0.0.0.0')),
  /** Public address of the app, used in e-mailed links and OAuth callbacks. */
  APP_URL: unsetWhenEmpty(webAddress.optional()),
  /** More pages (origins) allowed to act for a signed-in person in production, comma-separated. */
  TRUSTED_ORIGINS: unsetWhenEmpty(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(webAddress))
      .optional(),
  ),
  DATA_DIR: unsetWhenEmpty(z.string().trim().default('data')),
  /** Room each person has for uploaded images and their own templates, in megabytes. */
  UPLOAD_QUOTA_MB: unsetWhenEmpty(z.coerce.number().int().min(1).max(1_000_000).default(500)),
  /** A PostgreSQL server; without it the app keeps an embedded PGlite database in DATA_DIR/db. */
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** Secret for sessions and signed URLs; generated and kept in DATA_DIR when absent. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  FREE_CREDITS: unsetWhenEmpty(z.coerce.number().int().min(0).default(3)),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Adtwin <no-reply@adtwin.local>'),
  SUPPORT_EMAIL: optionalString.pipe(z.email().optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Header carrying the client address when the app runs behind a proxy (e.g. x-forwarded-for). */
  TRUSTED_PROXY_HEADER: optionalString,
  IMAGE_PROVIDER: z.enum(['local', 'openai', 'gemini']).default('local'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  OPENAI_IMAGE_MODEL: optionalString,
  GEMINI_API_KEY: optionalString,
  GEMINI_BASE_URL: optionalString.pipe(z.url().optional()),
  GEMINI_IMAGE_MODEL: optionalString,
  /** Generations run at once by this process (embedded) or by each worker (scaled). */
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(180_000),
  /**
   * How long a worker's claim on a running job holds without renewal: a worker that died is
   * replaced after this long. Renewed every third of it.
   */
  GENERATION_LEASE_SECONDS: unsetWhenEmpty(z.coerce.number().min(1).max(600).default(30)),
  /** On SIGTERM, how long running jobs may go on before they are handed back to the queue. */
  SHUTDOWN_GRACE_SECONDS: unsetWhenEmpty(z.coerce.number().min(0).max(600).default(10)),
  /**
   * The first wait before a failed webhook delivery is tried again; each later wait is 4 times
   * longer (30 s, 2 min, 8 min...), for 8 attempts in all.
   */
  WEBHOOK_RETRY_BASE_MS: unsetWhenEmpty(
    z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  ),
  /** Worker threads of the image engine, each with its own models (about 1.5 GB each). */
  ENGINE_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `stripe` (needs the STRIPE_* variables) or `test` (a labelled test checkout, no payments).
   * Unset: Stripe when its keys are set; else the test checkout outside production and no
   * payments at all in production (plans are then granted with the admin command).
   */
  BILLING_PROVIDER: unsetWhenEmpty(z.enum(['test', 'stripe']).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API address; only for tests against a local server that speaks Stripe's API. */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  STRIPE_PRICE_PRO_WEEKLY: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_ENTERPRISE_WEEKLY: optionalString,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalString,
  /** An S3-compatible store for files (scaled shape); without it files live in DATA_DIR/storage. */
  S3_BUCKET: optionalString,
  /** The store's address when it is not AWS itself (MinIO, R2, s3rver...). */
  S3_ENDPOINT: optionalString.pipe(webAddress.optional()),
  S3_REGION: unsetWhenEmpty(z.string().trim().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Addresses as `endpoint/bucket/key` instead of `bucket.endpoint/key` (most non-AWS stores). */
  S3_FORCE_PATH_STYLE: unsetWhenEmpty(
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
  ),
  /** Redis for the job queue, live generation steps and rate limits shared by several processes. */
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must start with redis:// or rediss://' }).optional(),
  ),
  /** Namespace of this deployment's keys in Redis (several deployments may share one server). */
  REDIS_PREFIX: unsetWhenEmpty(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -')
      .default('adtwin'),
  ),
  /**
   * Whether this process runs generations. Default: yes in the embedded shape, no when REDIS_URL
   * is set (then `npm run worker` processes run them).
   */
  RUN_JOBS: unsetWhenEmpty(
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  ),
  /** Turns rate limits off; only for automated tests that sign up many users from one address. */
  DISABLE_RATE_LIMITS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});

/** Rules across variables, checked on the raw values so they are reported with every other problem. */
function findCrossFieldProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const hasId = Boolean(source.GOOGLE_CLIENT_ID?.trim());
  const hasSecret = Boolean(source.GOOGLE_CLIENT_SECRET?.trim());
  if (hasId !== hasSecret) {
    problems.push(
      `${hasId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together`,
    );
  }
  const stripeVariables = [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_PRO_WEEKLY',
    'STRIPE_PRICE_PRO_MONTHLY',
    'STRIPE_PRICE_ENTERPRISE_WEEKLY',
    'STRIPE_PRICE_ENTERPRISE_MONTHLY',
  ] as const;
  const hasStripeKeys =
    Boolean(source.STRIPE_SECRET_KEY?.trim()) || Boolean(source.STRIPE_WEBHOOK_SECRET?.trim());
  const wantsStripe =
    source.BILLING_PROVIDER === 'stripe' || (!source.BILLING_PROVIDER && hasStripeKeys);
  if (wantsStripe) {
    for (const name of stripeVariables) {
      if (!source[name]?.trim()) problems.push(`${name}: required when billing uses Stripe`);
    }
  }
  const disablesLimits = ['true', '1'].includes(source.DISABLE_RATE_LIMITS ?? '');
  if (source.NODE_ENV === 'production' && disablesLimits) {
    problems.push('DISABLE_RATE_LIMITS: cannot be set in production');
  }
  if (source.NODE_ENV === 'production' && source.STRIPE_API_URL?.trim()) {
    problems.push('STRIPE_API_URL: cannot be set in production (payments go to Stripe itself)');
  }
  const s3Companions = [
    'S3_ENDPOINT',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ] as const;
  if (!source.S3_BUCKET?.trim()) {
    const stray = s3Companions.filter((name) => source[name]?.trim());
    if (stray.length) problems.push(`S3_BUCKET: required when ${stray.join(', ')} is set`);
  }
  const hasKeyId = Boolean(source.S3_ACCESS_KEY_ID?.trim());
  const hasKeySecret = Boolean(source.S3_SECRET_ACCESS_KEY?.trim());
  if (hasKeyId !== hasKeySecret) {
    problems.push(
      `${hasKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together`,
    );
  }
  if (source.DATABASE_URL?.trim() && source.REDIS_URL?.trim() && !source.AUTH_SECRET?.trim()) {
    problems.push(
      'AUTH_SECRET: required when DATABASE_URL and REDIS_URL are set, because every API and worker process must sign sessions and file addresses with the same secret (make one with: openssl rand -base64 48)',
    );
  }
  const provider = source.IMAGE_PROVIDER;
  if (provider === 'openai' && !source.OPENAI_API_KEY?.trim()) {
    problems.push('OPENAI_API_KEY: required when IMAGE_PROVIDER is openai');
  }
  if (provider === 'gemini' && !source.GEMINI_API_KEY?.trim()) {
    problems.push('GEMINI_API_KEY: required when IMAGE_PROVIDER is gemini');
  }
  return problems;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string | undefined;
  /** Origins trusted besides the app's own address (TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  dataDir: string;
  uploadQuotaBytes: number;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  freeCredits: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  trustedProxyHeader: string | undefined;
  logLevel: string;
  disableRateLimits: boolean;
  images: {
    provider: 'local' | 'openai' | 'gemini';
    openai: { apiKey: string; baseURL?: string; model?: string } | undefined;
    gemini: { apiKey: string; baseURL?: string; model?: string } | undefined;
  };
  generation: { concurrency: number; timeoutMs: number; leaseMs: number; shutdownGraceMs: number };
  webhooks: { retryBaseMs: number; maxAttempts: number };
  engine: { threads: number };
  billing: BillingConfig;
  storage: { kind: 'local-disk' } | { kind: 's3'; s3: S3Settings };
  redisUrl: string | undefined;
  redisPrefix: string;
  /** Whether this process runs generation jobs (see RUN_JOBS). */
  runsJobs: boolean;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
  prices: {
    pro_weekly: string;
    pro_monthly: string;
    enterprise_weekly: string;
    enterprise_monthly: string;
  };
};

/** `none`: no way to pay (production without Stripe); plans come from the admin command. */
export type BillingConfig =
  { provider: 'none' } | { provider: 'test' } | { provider: 'stripe'; stripe: StripeConfig };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once; every bad variable is named in the error. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(source);
  const problems = [
    ...(parsed.error?.issues ?? []).map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    ),
    ...findCrossFieldProblems(source),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appUrl: env.APP_URL?.replace(/\/$/, ''),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? []).map((url) => new URL(url).origin),
    dataDir: path.resolve(env.DATA_DIR),
    uploadQuotaBytes: env.UPLOAD_QUOTA_MB * 1024 * 1024,
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    freeCredits: env.FREE_CREDITS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    trustedProxyHeader: env.TRUSTED_PROXY_HEADER?.toLowerCase(),
    logLevel: env.LOG_LEVEL,
    disableRateLimits: env.DISABLE_RATE_LIMITS,
    images: {
      provider: env.IMAGE_PROVIDER,
      openai: env.OPENAI_API_KEY
        ? {
            apiKey: env.OPENAI_API_KEY,
            ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
            ...(env.OPENAI_IMAGE_MODEL ? { model: env.OPENAI_IMAGE_MODEL } : {}),
          }
        : undefined,
      gemini: env.GEMINI_API_KEY
        ? {
            apiKey: env.GEMINI_API_KEY,
            ...(env.GEMINI_BASE_URL ? { baseURL: env.GEMINI_BASE_URL } : {}),
            ...(env.GEMINI_IMAGE_MODEL ? { model: env.GEMINI_IMAGE_MODEL } : {}),
          }
        : undefined,
    },
    webhooks: { retryBaseMs: env.WEBHOOK_RETRY_BASE_MS, maxAttempts: 8 },
    generation: {
      concurrency: env.GENERATION_CONCURRENCY,
      timeoutMs: env.GENERATION_TIMEOUT_MS,
      leaseMs: Math.round(env.GENERATION_LEASE_SECONDS * 1000),
      shutdownGraceMs: Math.round(env.SHUTDOWN_GRACE_SECONDS * 1000),
    },
    engine: { threads: env.ENGINE_THREADS },
    billing: readBillingConfig(env),
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          s3: {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          },
        }
      : { kind: 'local-disk' },
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    runsJobs: env.RUN_JOBS ?? !env.REDIS_URL,
  };
}

function readBillingConfig(env: z.output<typeof ConfigSchema>): BillingConfig {
  const provider =
    env.BILLING_PROVIDER ??
    (env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET
      ? 'stripe'
      : env.NODE_ENV === 'production'
        ? 'none'
        : 'test');
  if (provider !== 'stripe') return { provider };
  // findCrossFieldProblems has made sure every variable is present.
  return {
    provider,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiUrl: env.STRIPE_API_URL,
      prices: {
        pro_weekly: env.STRIPE_PRICE_PRO_WEEKLY!,
        pro_monthly: env.STRIPE_PRICE_PRO_MONTHLY!,
        enterprise_weekly: env.STRIPE_PRICE_ENTERPRISE_WEEKLY!,
        enterprise_monthly: env.STRIPE_PRICE_ENTERPRISE_MONTHLY!,
      },
    },
  };
}
