export const SERVICE_WORKER_CLEAN_INTERVAL_MS = 60 * 60 * 1000;

/** Registers /sw.js and asks it every hour to clear its old cache. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        setInterval(() => {
          registration.active?.postMessage({ type: 'CLEAR_OLD_CACHE' });
        }, SERVICE_WORKER_CLEAN_INTERVAL_MS);
      })
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
