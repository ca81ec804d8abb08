import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { renameTemplate, updateVisibility } from './api';

/** Public or private for one of the person's templates; their list and the community's follow. */
export function useUpdateVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) =>
      updateVisibility(id, isPublic),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myTemplates });
      void queryClient.invalidateQueries({ queryKey: queryKeys.communityTemplates });
    },
  });
}

/** Renames one of the person's templates; pending until their list shows the new name. */
export function useRenameTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameTemplate(id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myTemplates }),
  });
}
