import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from '@/app/Providers';
import { router } from '@/app/router';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// Only built apps: in development Vite serves unhashed modules the worker must not cache.
if (import.meta.env.PROD) registerServiceWorker();
