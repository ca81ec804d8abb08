import { useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the server offers: Google sign-in (only when configured) and the free images of a new account. */
export function useClientConfig() {
  return useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: () => readJson(api['client-config'].$get()),
    staleTime: Infinity,
  });
}
