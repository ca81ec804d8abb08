import { expect, test } from '@playwright/test';
import { openSignIn } from './helpers';

test.use({ serviceWorkers: 'allow' });

test('the service worker is registered from /sw.js and caches only fingerprinted assets', async ({
  page,
}) => {
  await openSignIn(page);
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  // A second load goes through the active worker.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const keys: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        keys.push(new URL(request.url).pathname);
    }
    return keys;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.every((path) => path.startsWith('/assets/'))).toBe(true);

  // index.html and sw.js are always revalidated by the browser.
  const index = await page.request.get('/login');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The hourly clean-up message drops assets that index.html no longer names.
  const afterClean = await page.evaluate(async () => {
    const cache = await caches.open('adtwin-assets-v1');
    await cache.put('/assets/old-build-123.js', new Response('old'));
    const registration = await navigator.serviceWorker.ready;
    registration.active!.postMessage({ type: 'CLEAR_OLD_CACHE' });
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!(await cache.match('/assets/old-build-123.js'))) return 'cleared';
    }
    return 'kept';
  });
  expect(afterClean).toBe('cleared');
});
