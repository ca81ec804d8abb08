import { useNavigate } from 'react-router';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { loadAuthClient } from '@/lib/auth-client';

/**
 * Signing out, whatever the server answers: nothing of this person stays cached (tier, type,
 * credits, avatar, lists), then the page leaves.
 */
export function logOutOptions(
  queryClient: QueryClient,
  options: { signOut: () => Promise<unknown>; onLoggedOut: () => void },
) {
  return mutationOptions({
    mutationFn: options.signOut,
    onSettled: () => {
      queryClient.clear();
      options.onLoggedOut();
    },
  });
}

/** The profile menu's Logout: signs out, empties the query cache, goes to /login. */
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    logOutOptions(queryClient, {
      signOut: async () => (await loadAuthClient()).signOut(),
      onLoggedOut: () => navigate('/login', { replace: true }),
    }),
  );
}
