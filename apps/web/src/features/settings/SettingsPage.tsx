import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { Camera, KeyRound, Pencil, Trash2 } from 'lucide-react';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  SETTINGS_MESSAGES,
  USER_TYPE_OPTIONS,
  cleanNameInput,
  FULL_NAME_MAX_LENGTH,
  displayName,
  pickAvatarGradient,
  fullNameSchema,
  type FullNameInput,
} from '@adtwin/shared';
import { Avatar } from '@/components/ui/Avatar';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { TextField } from '@/components/ui/TextField';
import { useAccount } from '@/lib/account';
import { api, ApiError, readJson } from '@/lib/api-client';
import { loadAuthClient } from '@/lib/auth-client';
import { usePageTitle } from '@/lib/page-title';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { UserTypeDialog } from './UserTypeDialog';
import { isAllowedImageFile } from '@/lib/upload-rules';
import { queryKeys } from '@/lib/query-keys';

type Account = NonNullable<ReturnType<typeof useAccount>['data']>;

export function SettingsPage() {
  usePageTitle('Settings');
  const account = useAccount();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <PageHeader title="Settings" description="Your personal information and account." />
      {account.isPending ? (
        <div
          className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
          aria-busy="true"
        >
          <Skeleton className="size-20 rounded-full" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : account.isError || !account.data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface p-5 text-danger"
        >
          Your settings could not be loaded.
          <Button variant="secondary" onClick={() => void account.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <PersonalInformation account={account.data} />
      )}
    </div>
  );
}

const row =
  'flex flex-col gap-2 border-t border-border py-4 sm:flex-row sm:items-center sm:justify-between';

function PersonalInformation({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setAccount = (next: Account) => queryClient.setQueryData(queryKeys.account, next);
  const [isTypeOpen, setIsTypeOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const userTypeLabel =
    USER_TYPE_OPTIONS.find((option) => option.value === account.profile.userType)?.label ??
    'Not set';

  const sendReset = useMutation({
    mutationFn: async () => {
      const auth = await loadAuthClient();
      const { error } = await auth.requestPasswordReset({
        email: account.email,
        redirectTo: '/update-password',
      });
      if (error) throw new Error(error.message);
    },
    onSuccess: () => toast.success(SETTINGS_MESSAGES.resetSent),
    onError: () => toast.error(SETTINGS_MESSAGES.resetFailed),
  });

  return (
    <>
      <section
        aria-labelledby="personal-heading"
        className="rounded-2xl border border-border bg-surface px-5 pt-5 pb-1"
      >
        <h2 id="personal-heading" className="pb-4 text-lg font-semibold">
          Personal Information
        </h2>
        <AvatarRow account={account} onChanged={setAccount} />
        <FullNameRow account={account} onChanged={setAccount} />
        <div className={row}>
          <div>
            <p className="text-sm font-medium">User Type</p>
            <p className="text-sm text-muted" data-testid="user-type">
              {userTypeLabel}
            </p>
          </div>
          <Button
            variant="secondary"
            aria-label="Change user type"
            onClick={() => setIsTypeOpen(true)}
          >
            Change
          </Button>
        </div>
        <div className={row}>
          <div className="min-w-0">
            <p className="text-sm font-medium" id="email-label">
              Email
            </p>
            <p className="truncate text-sm text-muted" aria-labelledby="email-label">
              {account.email}
            </p>
          </div>
          <span className="text-xs text-muted">Can't be changed</span>
        </div>
        <div className={row}>
          <div>
            <p className="text-sm font-medium">Password</p>
            <p className="text-sm text-muted">We'll e-mail you a link to set a new one.</p>
          </div>
          <Button
            variant="secondary"
            isLoading={sendReset.isPending}
            onClick={() => sendReset.mutate()}
          >
            <KeyRound className="size-4" aria-hidden="true" />
            Change Password
          </Button>
        </div>
      </section>

      <ApiKeysSection />

      <section
        aria-labelledby="danger-heading"
        className="flex flex-col gap-3 rounded-2xl border border-danger/40 bg-surface p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="danger-heading" className="text-base font-semibold">
            Delete Account
          </h2>
          <p className="text-sm text-muted">
            Your designs, uploads and templates are removed for good.
          </p>
        </div>
        <Button variant="danger" onClick={() => setIsDeleteOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete Account
        </Button>
      </section>

      <UserTypeDialog isOpen={isTypeOpen} onOpenChange={setIsTypeOpen} onChanged={setAccount} />
      <DeleteAccountDialog
        isOpen={isDeleteOpen}
        onOpenChange={setIsDeleteOpen}
        onDeleted={() => {
          queryClient.clear();
          navigate('/login', { replace: true });
        }}
      />
    </>
  );
}

function AvatarRow({
  account,
  onChanged,
}: {
  account: Account;
  onChanged: (next: Account) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const name = displayName(account.fullName, account.email);
  const saveAvatar = useMutation({
    mutationFn: (file: File) => readJson(api.me.avatar.$put({ form: { file } })),
    onSuccess: (next) => {
      onChanged(next);
      toast.success(SETTINGS_MESSAGES.avatarUpdated);
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.status < 500 && error.status !== 401
          ? error.message
          : SETTINGS_MESSAGES.avatarFailed,
      ),
  });

  function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAllowedImageFile(file)) {
      toast.error(SETTINGS_MESSAGES.uploadTypes);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(AVATAR_TOO_LARGE);
      return;
    }
    saveAvatar.mutate(file);
  }

  return (
    <div className="flex items-center gap-4 pb-4">
      <Avatar
        imageUrl={account.avatarUrl}
        name={name}
        gradient={pickAvatarGradient(account.id)}
        className="size-20 text-2xl!"
      />
      <div className="flex flex-col gap-1">
        <Button
          variant="secondary"
          isLoading={saveAvatar.isPending}
          onClick={() => input.current?.click()}
        >
          <Camera className="size-4" aria-hidden="true" />
          Change avatar
        </Button>
        <p className="text-xs text-muted">PNG, JPEG or WebP, up to 5 MB.</p>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
          className="sr-only"
          tabIndex={-1}
          aria-label="Avatar image"
          onChange={upload}
        />
      </div>
    </div>
  );
}

function FullNameRow({
  account,
  onChanged,
}: {
  account: Account;
  onChanged: (next: Account) => void;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const form = useForm<FullNameInput>({
    resolver: zodResolver(fullNameSchema),
    defaultValues: { fullName: account.fullName },
  });
  const rename = useMutation({
    mutationFn: (input: FullNameInput) => readJson(api.me.name.$put({ json: input })),
    onSuccess: (next) => {
      onChanged(next);
      toast.success(SETTINGS_MESSAGES.nameUpdated);
      setIsEditing(false);
    },
    onError: (caught) => {
      if (caught instanceof ApiError && caught.status === 400)
        form.setError('fullName', { message: caught.message });
      toast.error(SETTINGS_MESSAGES.nameFailed);
    },
  });

  const save = form.handleSubmit((input) => {
    // Unchanged: editing simply closes.
    if (input.fullName.trim() === account.fullName.trim()) {
      setIsEditing(false);
      return;
    }
    rename.mutate(input);
  });

  if (!isEditing)
    return (
      <div className={row}>
        <div className="min-w-0">
          <p className="text-sm font-medium">Full Name</p>
          <p className="truncate text-sm text-muted" data-testid="full-name">
            {account.fullName || 'Not set'}
          </p>
        </div>
        <Button
          variant="secondary"
          aria-label="Edit full name"
          onClick={() => {
            form.reset({ fullName: account.fullName });
            setIsEditing(true);
          }}
        >
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
      </div>
    );

  return (
    <form className={`${row} sm:items-start`} onSubmit={(event) => void save(event)} noValidate>
      <Controller
        control={form.control}
        name="fullName"
        render={({ field, fieldState }) => (
          <TextField
            label="Full Name"
            className="w-full sm:max-w-sm"
            maxLength={FULL_NAME_MAX_LENGTH}
            name={field.name}
            ref={field.ref}
            value={field.value}
            autoFocus
            autoComplete="name"
            error={fieldState.error?.message}
            onChange={(event) => {
              field.onChange(cleanNameInput(event.target.value));
              form.clearErrors('fullName');
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setIsEditing(false);
                form.clearErrors('fullName');
              }
            }}
          />
        )}
      />
      <div className="flex gap-2 sm:pt-6">
        <Button variant="ghost" onClick={() => setIsEditing(false)}>
          Cancel
        </Button>
        <Button type="submit" isLoading={rename.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
