import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `adtwin-e2e-${process.pid}`);

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Tests tagged @mobile only make sense under 768 px, @desktop only above it.
    {
      name: 'desktop',
      testIgnore: /screenshots\.spec/,
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'mobile',
      testIgnore: /screenshots\.spec/,
      grepInvert: /@desktop/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    { name: 'screenshots', testMatch: /screenshots\.spec/ },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Every test signs up from 127.0.0.1; the limits themselves are covered by the server suite.
      DISABLE_RATE_LIMITS: 'true',
    },
  },
});
