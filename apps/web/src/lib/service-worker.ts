export const SERVICE_WORKER_CLEAN_INTERVAL_MS = 60 * 60 * 1000;

/** Registers /sw.js and asks it every hour to clear its old cache. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        setInterval(() => {
          registration.active?.postMessage({ type: 'CLEAR_OLD_CACHE' });
        }, SERVICE_WORKER_CLEAN_INTERVAL_MS);
      })
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  // Once the page has loaded, so that it does not compete with the page. A page that came drawn
  // starts the app after its first paint (the server's startAppAfterFirstPaint), often after load.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
