import { useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/** Sign-in methods the server offers (Google only when it is configured). */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => readJson(api['client-config'].$get()),
    staleTime: Infinity,
  });
}
