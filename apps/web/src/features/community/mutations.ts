import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { renameTemplate, updateVisibility } from './api';

/** After a template turns public or private, the person's list and the community's follow. */
export function refreshAfterVisibilityChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.myTemplates });
  void queryClient.invalidateQueries({ queryKey: queryKeys.communityTemplates });
}

/** Public or private for one of the person's templates. */
export function useUpdateVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) =>
      updateVisibility(id, isPublic),
    onSuccess: () => refreshAfterVisibilityChange(queryClient),
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
