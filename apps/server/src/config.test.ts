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
});
