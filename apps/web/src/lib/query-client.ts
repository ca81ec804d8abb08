import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { queryKeys } from '@/lib/query-keys';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * The app's query client. Any request answered 401 while the page believes someone is signed in
 * means the session ended elsewhere (signed out in another tab, password changed, account
 * deleted): everything cached for that person is dropped and the account becomes "nobody", so the
 * route guards send the page to /login, where `onSessionEnded` tells why.
 */
export function createQueryClient(options: { onSessionEnded: () => void }) {
  const handle = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (!queryClient.getQueryData(queryKeys.account)) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.account[0] });
    queryClient.setQueryData(queryKeys.account, null);
    options.onSessionEnded();
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A 401 will not change by asking again.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status === 401) && failures < 1,
      },
    },
  });
  return queryClient;
}
