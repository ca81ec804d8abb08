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
});
