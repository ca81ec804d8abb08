import { useState } from 'react';
import toast from 'react-hot-toast';
import { Globe, Lock } from 'lucide-react';
import { BROWSE_MESSAGES, UPGRADE_FEATURES, isPaidTier } from '@adtwin/shared';
import { UpgradeDialog } from '@/components/UpgradeDialog';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api-client';
import { useAccount } from '@/lib/account';
import type { CommunityTemplate } from '@adtwin/shared';
import { useUpdateVisibility } from './mutations';

/**
 * Public / Private for one of the user's templates. Private is a paid feature: free users get the
 * upgrade prompt and nothing changes. The server enforces the same rule.
 */
export function VisibilityEditor({ template }: { template: CommunityTemplate }) {
  const { data: account } = useAccount();
  const [isPublic, setIsPublic] = useState(template.isPublic);
  const saveVisibility = useUpdateVisibility();
  const isSaving = saveVisibility.isPending;
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const isPaid = isPaidTier(account?.profile.subscriptionTier ?? 'free');

  function choose(wantPublic: boolean) {
    if (wantPublic === isPublic || isSaving) return;
    if (!wantPublic && !isPaid) {
      setIsUpgradeOpen(true);
      return;
    }
    saveVisibility.mutate(
      { id: template.id, isPublic: wantPublic },
      {
        onSuccess: (result) => {
          setIsPublic(result.template.isPublic);
          toast.success(result.message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'upgrade_required')
            setIsUpgradeOpen(true);
          else toast.error(BROWSE_MESSAGES.visibilityFailed);
        },
      },
    );
  }

  return (
    <>
      <div
        role="radiogroup"
        aria-label={`Visibility of ${template.name}`}
        className="flex rounded-lg border border-border p-0.5"
        onKeyDown={(event) => {
          // Radio groups move with the arrow keys; the choice follows focus.
          if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
          event.preventDefault();
          const next = event.currentTarget.querySelector<HTMLButtonElement>(
            '[role="radio"][aria-checked="false"]',
          );
          next?.focus();
          choose(!isPublic);
        }}
      >
        {([true, false] as const).map((value) => {
          const Icon = value ? Globe : Lock;
          const isOn = isPublic === value;
          return (
            <button
              key={String(value)}
              type="button"
              role="radio"
              aria-checked={isOn}
              tabIndex={isOn ? 0 : -1}
              aria-disabled={isSaving || undefined}
              onClick={() => choose(value)}
              className={cn(
                'inline-flex h-8 flex-1 items-center justify-center gap-1 rounded-md text-xs font-medium transition-colors',
                isOn ? 'bg-accent text-accent-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
              )}
            >
              <Icon className="size-3.5" aria-hidden="true" />
              {value ? 'Public' : 'Private'}
              {!value && (
                <span
                  className={cn(
                    'rounded px-1 text-[10px] font-bold',
                    isOn ? 'bg-white/20' : 'bg-accent-soft text-accent',
                  )}
                >
                  PRO
                </span>
              )}
            </button>
          );
        })}
      </div>
      <UpgradeDialog
        feature={isUpgradeOpen ? UPGRADE_FEATURES.privateTemplates : null}
        onClose={() => setIsUpgradeOpen(false)}
      />
    </>
  );
}
