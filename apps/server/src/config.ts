import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the app, used in e-mailed links and OAuth callbacks. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('data'),
  /** A PostgreSQL server; without it the app keeps an embedded PGlite database in DATA_DIR/db. */
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** Secret for sessions and signed URLs; generated and kept in DATA_DIR when absent. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
  FREE_CREDITS: z.coerce.number().int().min(0).default(3),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `stripe` (needs the STRIPE_* variables) or `test` (a labelled test checkout, no payments). */
  BILLING_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API address; only for tests against a local server that speaks Stripe's API. */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  STRIPE_PRICE_PRO_WEEKLY: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_ENTERPRISE_WEEKLY: optionalString,
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optionalString,
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
  const provider = source.IMAGE_PROVIDER;
  if (provider === 'openai' && !source.OPENAI_API_KEY?.trim()) {
    problems.push('OPENAI_API_KEY: required when IMAGE_PROVIDER is openai');
  }
  if (provider === 'gemini' && !source.GEMINI_API_KEY?.trim()) {
    problems.push('GEMINI_API_KEY: required when IMAGE_PROVIDER is gemini');
  }
  return problems;
}

export type Env = z.input<typeof ConfigSchema>;

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string | undefined;
  dataDir: string;
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
  generation: { concurrency: number; timeoutMs: number };
  billing: BillingConfig;
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

export type BillingConfig = { provider: 'test' } | { provider: 'stripe'; stripe: StripeConfig };

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
    dataDir: path.resolve(env.DATA_DIR),
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
    generation: { concurrency: env.GENERATION_CONCURRENCY, timeoutMs: env.GENERATION_TIMEOUT_MS },
    billing: readBillingConfig(env),
  };
}

function readBillingConfig(env: z.output<typeof ConfigSchema>): BillingConfig {
  const provider =
    env.BILLING_PROVIDER ??
    (env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test');
  if (provider === 'test') return { provider };
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
