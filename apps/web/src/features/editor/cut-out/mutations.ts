import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { saveCutOutMask } from './api';

/**
 * Stores a touched-up mask. The reply is the new cut-out, so the panel and the live preview show
 * it at once from the cache, without asking again.
 */
export function useSaveCutOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uploadId, mask }: { uploadId: string; mask: Blob }) =>
      saveCutOutMask(uploadId, mask),
    onSuccess: (saved, { uploadId }) => queryClient.setQueryData(queryKeys.cutOut(uploadId), saved),
  });
}
