/* Adtwin service worker.
 * Caches only fingerprinted build assets (/assets/*, whose names change with their content), never
 * index.html, API replies or files. A deploy is therefore seen on the next navigation: a stale
 * index.html cannot be served from here. Hourly, the page asks it to drop what is no longer used. */
const ASSET_CACHE = 'adtwin-assets-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    caches.open(ASSET_CACHE).then(async (cache) => {
      const cached = await cache.match(event.request);
      if (cached) return cached;
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    }),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLEAR_OLD_CACHE') event.waitUntil(clearOldCache());
});

/** Deletes other caches, and assets the current index.html no longer names. */
async function clearOldCache() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name !== ASSET_CACHE).map((name) => caches.delete(name)),
  );
  const html = await fetch('/index.html', { cache: 'no-store' }).then((response) =>
    response.text(),
  );
  const cache = await caches.open(ASSET_CACHE);
  for (const request of await cache.keys()) {
    if (!html.includes(new URL(request.url).pathname)) await cache.delete(request);
  }
}
