import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '@/features/auth';
import { queryKeys } from '@/lib/query-keys';

/**
 * The sign-in page as a signed-out visitor first sees it, rendered at build time (see
 * build/route-pages.ts) from the same component the app mounts: the server sends it inside
 * index.html, so the page paints before its JavaScript has run. Nobody is signed in and the
 * server's options (Google sign-in) are not known yet, as on a first visit.
 */
export function renderSignInPage(): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.account, null);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
