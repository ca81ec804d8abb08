import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { deleteUpload, renameUpload } from './api';

/** After a rename or delete every list of uploads refetches: this page's and the library's. */
function useUploadMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.uploads });
      void queryClient.invalidateQueries({ queryKey: queryKeys.library });
    },
  });
}

export const useRenameUpload = () =>
  useUploadMutation(({ id, name }: { id: string; name: string }) => renameUpload(id, name));

export const useDeleteUpload = () => useUploadMutation((id: string) => deleteUpload(id));
