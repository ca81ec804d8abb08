import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { SETTINGS_MESSAGES, USER_TYPE_OPTIONS, type UserType } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { cn } from '@/components/ui/cn';
import type { useAccount } from '@/lib/account';
import { api, readJson } from '@/lib/api-client';

type Account = NonNullable<ReturnType<typeof useAccount>['data']>;

/** Change of the onboarding answer; Update stays disabled until a type is chosen. */
export function UserTypeDialog({
  isOpen,
  onOpenChange,
  onChanged,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChanged: (account: Account) => void;
}) {
  const [choice, setChoice] = useState<UserType | null>(null);
  const save = useMutation({
    mutationFn: (userType: UserType) => readJson(api.me['user-type'].$put({ json: { userType } })),
    onSuccess: (next) => {
      onChanged(next);
      toast.success(SETTINGS_MESSAGES.userTypeUpdated);
      close(false);
    },
    onError: () => toast.error(SETTINGS_MESSAGES.userTypeFailed),
  });

  function close(next: boolean) {
    if (!next) setChoice(null);
    onOpenChange(next);
  }

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Change user type"
      description="What describes you best?"
    >
      <div role="radiogroup" aria-label="User type" className="grid gap-2 sm:grid-cols-2">
        {USER_TYPE_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={choice === option.value}
            onClick={() => setChoice(option.value)}
            className={cn(
              'flex flex-col items-start gap-0.5 rounded-xl border p-3 text-left transition-colors',
              choice === option.value
                ? 'border-accent bg-accent-soft'
                : 'border-border hover:bg-surface-2',
            )}
          >
            <span className="text-sm font-medium">{option.label}</span>
            <span className="text-xs text-muted">{option.description}</span>
          </button>
        ))}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={() => close(false)}>
          Cancel
        </Button>
        <Button
          disabled={!choice}
          isLoading={save.isPending}
          onClick={() => choice && save.mutate(choice)}
        >
          Update
        </Button>
      </div>
    </Dialog>
  );
}
