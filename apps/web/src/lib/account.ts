import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { Account } from '@adtwin/shared';
import { api, ApiError, readJson } from './api-client';

/** The signed-in account, or null when nobody is signed in. */
export async function fetchAccount(): Promise<Account | null> {
  try {
    return await readJson(api.me.$get());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** How long the account answer is taken as it is before the app asks again. */
export const ACCOUNT_STALE_TIME_MS = 30_000;

export function useAccount() {
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: fetchAccount,
    staleTime: ACCOUNT_STALE_TIME_MS,
  });
}

export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.account });
}

/** Credits and plan, fetched on their own so they can be refreshed after each generation. */
export function useCredits() {
  return useQuery({
    queryKey: queryKeys.credits,
    queryFn: () => readJson(api.me.credits.$get()),
    staleTime: 10_000,
  });
}
