import { defineConfig, devices } from '@playwright/test';
import { defaultDataDir } from './global-teardown';

const port = Number(process.env.E2E_PORT ?? 3210);
// Workers are other processes: the runner's choice is passed on through the environment, so
// tests can look at the server's files (account deletion must leave none behind).
const dataDir = (process.env.E2E_DATA_DIR ??= defaultDataDir(port));
export const googlePort = port + 1;
export const googleMockPort = port + 2;
export const GOOGLE_CLIENT_ID = 'adtwin-e2e.apps.googleusercontent.com';
const GOOGLE_CLIENT_SECRET = 'e2e-google-secret';

const serverEnv = {
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  // Every test signs up from 127.0.0.1; the limits themselves are covered by the server suite.
  DISABLE_RATE_LIMITS: 'true',
  // Journeys through the screens, not judgements of the picture: the engine's fallbacks (GrabCut,
  // Tesseract) keep them fast; the engine's own tests run the learned models.
  ADTWIN_LEARNED_MODELS: '0',
};

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // A page controlled by the service worker sends its fetches past page.route; tests that answer
    // API calls themselves need it off. service-worker.spec.ts turns it back on.
    serviceWorkers: 'block',
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
      testIgnore: /(screenshots|help-video)\.spec/,
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'mobile',
      // The scaled shape's journeys are about processes, not screens: desktop runs them.
      testIgnore: /(screenshots|help-video|scaled)\.spec/,
      grepInvert: /@desktop/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    { name: 'screenshots', testMatch: /screenshots\.spec/ },
    // `npm run help-video`: records the Help Center's demo from the real app.
    {
      name: 'help-video',
      testMatch: /help-video\.spec/,
      use: {
        viewport: { width: 1280, height: 720 },
        video: { mode: 'on', size: { width: 1280, height: 720 } },
      },
    },
  ],
  webServer: [
    {
      command: `rm -rf ${dataDir} && node ../apps/server/dist/main.js`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
      },
    },
    // Google sign-in: a local server speaking Google's OAuth protocol, and an app server whose
    // requests to Google's hosts go to it (a test-only preload; the app code is unchanged).
    {
      command: `npx tsx ../apps/server/test/google-oauth-mock.cli.ts ${googleMockPort} ${GOOGLE_CLIENT_ID} ${GOOGLE_CLIENT_SECRET}`,
      port: googleMockPort,
      reuseExistingServer: false,
    },
    {
      command: `rm -rf ${dataDir}-google && node --import tsx --import ../apps/server/test/google-hosts.preload.ts ../apps/server/dist/main.js`,
      url: `http://127.0.0.1:${googlePort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(googlePort),
        APP_URL: `http://127.0.0.1:${googlePort}`,
        DATA_DIR: `${dataDir}-google`,
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET,
        E2E_GOOGLE_MOCK_ORIGIN: `http://127.0.0.1:${googleMockPort}`,
      },
    },
  ],
});
