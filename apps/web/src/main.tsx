import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { firstAccountAnswer, Providers } from '@/app/Providers';
import { router } from '@/app/router';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles.css';

const container = document.getElementById('root')!;

/** Resolves once the router has loaded the first page's code (its lazy route chunks). */
function firstPageLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

function mount() {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// The server may have sent the page already drawn (the sign-in page, see build/route-pages.ts):
// it stays on screen until the live page can replace it whole, rather than giving way to the
// loading spinner and then coming back.
if (container.hasChildNodes())
  void Promise.all([firstPageLoaded(), firstAccountAnswer]).then(mount);
else mount();

// Only built apps: in development Vite serves unhashed modules the worker must not cache.
if (import.meta.env.PROD) registerServiceWorker();
