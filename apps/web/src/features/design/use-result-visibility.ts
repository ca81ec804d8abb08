import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { BROWSE_MESSAGES, UPGRADE_FEATURES } from '@adtwin/shared';
import { ApiError } from '@/lib/api-client';
import { refreshAfterVisibilityChange, updateVisibility } from '@/features/community';
import { findTemplateOfResult } from './api';
import type { Visibility } from './VisibilityMenu';

/**
 * Public or private for the design: before Create it only chooses; once the result is made (it
 * is a community template then), the menu changes that template. Private is for paid plans.
 */
export function useResultVisibility({
  value,
  onValueChange,
  isPaid,
  resultFileName,
  onUpgrade,
}: {
  value: Visibility;
  onValueChange: (value: Visibility) => void;
  isPaid: boolean;
  /** The made result's file name, which finds its community template; null before Create. */
  resultFileName: string | null;
  onUpgrade: (feature: string) => void;
}) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async ({ fileName, next }: { fileName: string; next: Visibility }) => {
      const made = await findTemplateOfResult(fileName);
      if (!made) throw new Error('Template not found');
      return updateVisibility(made.id, next === 'public');
    },
    onSuccess: (saved) => {
      onValueChange(saved.template.isPublic ? 'public' : 'private');
      toast.success(saved.message);
      refreshAfterVisibilityChange(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'upgrade_required') {
        onUpgrade(UPGRADE_FEATURES.privateTemplates);
      } else toast.error(BROWSE_MESSAGES.visibilityFailed);
    },
  });
  const isSaving = save.isPending;

  function change(next: Visibility) {
    if (next === value || isSaving) return;
    if (next === 'private' && !isPaid) {
      onUpgrade(UPGRADE_FEATURES.privateTemplates);
      return;
    }
    if (!resultFileName) {
      onValueChange(next);
      return;
    }
    // The result is already a community template: its is_public changes with the menu.
    save.mutate({ fileName: resultFileName, next });
  }

  return { value, isSaving, onChange: change };
}
