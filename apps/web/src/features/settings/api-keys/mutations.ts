import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { createApiKey, removeWebhook, revokeApiKey, setWebhook } from './api';

/** Every write to a key refreshes the list of keys, whether it succeeded or not. */
function useApiKeyMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export const useCreateApiKey = () => useApiKeyMutation((name: string) => createApiKey(name));

export const useRevokeApiKey = () => useApiKeyMutation((id: string) => revokeApiKey(id));

export const useSetWebhook = () =>
  useApiKeyMutation(({ id, url }: { id: string; url: string }) => setWebhook(id, url));

export const useRemoveWebhook = () => useApiKeyMutation((id: string) => removeWebhook(id));
