import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { queryKeys } from '@/lib/query-keys';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The page answers this action's 401 with its own text (the spec's payment calls say "User
       * session not found. Please log in again."), so the global "session ended" handling stays
       * out of it: the page is not emptied and sent to /login under the person's eyes.
       */
      showsOwnSignedOutText?: boolean;
    };
  }
}

/**
 * The app's query client. Any request answered 401 while the page believes someone is signed in
 * means the session ended elsewhere (signed out in another tab, password changed, account
 * deleted): everything cached for that person is dropped and the account becomes "nobody", so the
 * route guards send the page to /login, where `onSessionEnded` tells why. A mutation whose `meta`
 * says `showsOwnSignedOutText` keeps its 401 to itself.
 */
export function createQueryClient(options: { onSessionEnded: () => void }) {
  const endSessionOn401 = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (!queryClient.getQueryData(queryKeys.account)) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.account[0] });
    queryClient.setQueryData(queryKeys.account, null);
    options.onSessionEnded();
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOn401 }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => {
        if (!mutation.meta?.showsOwnSignedOutText) endSessionOn401(error);
      },
    }),
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
