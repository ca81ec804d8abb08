import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { startChat, startSwap, uploadImage } from './api';

/** Reads the credit counters again: the sidebar's and the profile menu's. */
export function refreshCredits(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
  void queryClient.invalidateQueries({ queryKey: queryKeys.account });
}

/**
 * Starts generations (a swap, a chat message, a batch): a started job has reserved its credit, so
 * the counters are read again. A 401 is the page's to tell: the spec gives each start its own
 * signed-out text ("Authentication token not available. Please log in again.", "Not
 * authenticated"), so the session is not ended from here.
 */
export function useStartGeneration<Input, Started>(start: (input: Input) => Promise<Started>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: () => refreshCredits(queryClient),
    meta: { showsOwnSignedOutText: true },
  });
}

export const useStartSwap = () => useStartGeneration(startSwap);

export const useStartChat = () => useStartGeneration(startChat);

/** Puts a file in the person's library; every list of uploads (library, Your Designs) refetches. */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.uploads });
      void queryClient.invalidateQueries({ queryKey: queryKeys.library });
    },
  });
}
