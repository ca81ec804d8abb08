import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      freeCredits: 3,
      databaseUrl: undefined,
      smtpUrl: undefined,
      google: undefined,
    });
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        FREE_CREDITS: '-1',
        DATABASE_URL: 'not a url',
        GOOGLE_CLIENT_ID: 'only-id',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'FREE_CREDITS', 'DATABASE_URL', 'GOOGLE_CLIENT_SECRET'])
        expect(message).toContain(name);
    }
  });

  it('runs the image engine on one thread unless told otherwise, and names a bad count', () => {
    expect(loadConfig({}).engine.threads).toBe(1);
    expect(loadConfig({ ENGINE_THREADS: '3' }).engine.threads).toBe(3);
    for (const bad of ['0', 'two', '1.5']) {
      expect(() => loadConfig({ ENGINE_THREADS: bad })).toThrow(/ENGINE_THREADS/);
    }
  });

  it('refuses to turn rate limits off in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DISABLE_RATE_LIMITS: 'true' })).toThrow(
      /DISABLE_RATE_LIMITS/,
    );
  });

  it('bills through the test provider without Stripe keys', () => {
    expect(loadConfig({}).billing).toEqual({ provider: 'test' });
  });

  it('switches to Stripe with its keys and needs every price id', () => {
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }),
    ).toThrow(/STRIPE_PRICE_PRO_WEEKLY[\s\S]*STRIPE_PRICE_ENTERPRISE_MONTHLY/);
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_PRO_WEEKLY: 'price_pw',
      STRIPE_PRICE_PRO_MONTHLY: 'price_pm',
      STRIPE_PRICE_ENTERPRISE_WEEKLY: 'price_ew',
      STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_em',
    });
    expect(config.billing).toMatchObject({
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_1', prices: { enterprise_monthly: 'price_em' } },
    });
  });

  it('refuses BILLING_PROVIDER=stripe without keys', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('reads an empty PORT, FREE_CREDITS, DATA_DIR or UPLOAD_QUOTA_MB as unset: the default', () => {
    const config = loadConfig({ PORT: '', FREE_CREDITS: ' ', DATA_DIR: '', UPLOAD_QUOTA_MB: '' });
    expect(config.port).toBe(3000);
    expect(config.freeCredits).toBe(3);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.dataDir).not.toBe(process.cwd());
    expect(config.uploadQuotaBytes).toBe(500 * 1024 * 1024);
  });

  it('refuses APP_URL and TRUSTED_ORIGINS without a scheme, naming the variable', () => {
    expect(() => loadConfig({ APP_URL: 'localhost:3000' })).toThrow(/APP_URL: .*http:\/\//);
    expect(() => loadConfig({ APP_URL: 'shop.example.com' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'https://a.example, b.example' })).toThrow(
      /TRUSTED_ORIGINS/,
    );
    expect(
      loadConfig({ TRUSTED_ORIGINS: 'https://a.example/, http://192.168.1.5:3000' }).trustedOrigins,
    ).toEqual(['https://a.example', 'http://192.168.1.5:3000']);
  });

  it('offers the test checkout in production only when BILLING_PROVIDER=test says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).billing).toEqual({ provider: 'none' });
    expect(loadConfig({ NODE_ENV: 'production', BILLING_PROVIDER: 'test' }).billing).toEqual({
      provider: 'test',
    });
  });

  it('refuses STRIPE_API_URL in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', STRIPE_API_URL: 'http://127.0.0.1:9999' }),
    ).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:9999' })).not.toThrow();
  });
  it('keeps files on local disk, jobs in this process, and picks S3 and Redis when set', () => {
    const embedded = loadConfig({});
    expect(embedded.storage).toEqual({ kind: 'local-disk' });
    expect(embedded.redisUrl).toBeUndefined();
    expect(embedded.runsJobs).toBe(true);
    const scaled = loadConfig({
      S3_BUCKET: 'adtwin',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(scaled.storage).toEqual({
      kind: 's3',
      s3: {
        bucket: 'adtwin',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    // With Redis, workers run the jobs; an API process runs them only when told to.
    expect(scaled.runsJobs).toBe(false);
    expect(loadConfig({ REDIS_URL: 'redis://h:6379', RUN_JOBS: 'true' }).runsJobs).toBe(true);
  });

  it('names S3 and Redis mistakes clearly', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: must start with redis:\/\/ or rediss:\/\//,
    );
  });

  it('needs one AUTH_SECRET for all processes when DATABASE_URL and REDIS_URL are set', () => {
    const shared = { DATABASE_URL: 'postgres://db/adtwin', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(() => loadConfig(shared)).toThrow(
      /AUTH_SECRET: required when DATABASE_URL and REDIS_URL are set/,
    );
    expect(loadConfig({ ...shared, AUTH_SECRET: 'a'.repeat(40) }).authSecret).toBe('a'.repeat(40));
  });
});
