import type { ReactNode } from 'react';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import toast, { Toaster } from 'react-hot-toast';
import { ACCOUNT_STALE_TIME_MS, fetchAccount } from '@/lib/account';
import { readPrerenderedState } from '@/lib/prerendered';
import { createQueryClient, SESSION_ENDED_MESSAGE } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { queryKeys } from '@/lib/query-keys';

const queryClient = createQueryClient({
  // One toast however many requests fail at once; it outlives the move to /login.
  onSessionEnded: () => toast.error(SESSION_ENDED_MESSAGE, { id: 'session-ended', duration: 8000 }),
});

// A page the server drew comes with the replies it was drawn from: the app starts with them.
const prerenderedState = readPrerenderedState();
if (prerenderedState) hydrate(queryClient, prerenderedState);

// Every page first asks who is signed in: the question leaves now, while the page's own code is
// still loading, instead of after it (one round trip less before the first screen). A drawn page
// has the answer already.
export const firstAccountAnswer = queryClient.prefetchQuery({
  queryKey: queryKeys.account,
  queryFn: fetchAccount,
  staleTime: ACCOUNT_STALE_TIME_MS,
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        {/* react-hot-toast's defaults are the spec's: 4 s, success 2 s, loading until dismissed,
            20 kept, removed 1 s after dismissal. Only the look and the place are set here: under
            768 px toasts sit below the 3.5 rem header, where they cannot cover the menu button. */}
        <Toaster
          position="top-center"
          containerClassName="max-md:!top-[4.5rem]"
          toastOptions={{
            className: '!bg-surface !text-fg !border !border-border !shadow-lg !text-sm',
          }}
        />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
