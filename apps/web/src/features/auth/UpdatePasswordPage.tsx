import { useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, resetPasswordSchema, type ResetPasswordInput } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { api, ApiError, readJson } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { queryKeys } from '@/lib/query-keys';
import { AuthLayout } from './AuthLayout';
import { FormAlert } from './FormAlert';
import { NewPasswordField } from './NewPasswordField';

const INVALID_LINK =
  'This reset link is invalid or has expired. Ask for a new one from the sign-in page.';

/** Opened from the reset mail: sets a new password under the signup rules. */
export function UpdatePasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle('Update password');
  const token = searchParams.get('token') ?? '';
  const isLinkBroken = Boolean(searchParams.get('error')) || !token;
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { token, newPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (input: ResetPasswordInput) => readJson(api.password.reset.$post({ json: input })),
    onSuccess: async ({ signedIn }) => {
      if (signedIn) {
        toast.success('Password updated.');
        await queryClient.invalidateQueries({ queryKey: queryKeys.account });
        navigate('/', { replace: true });
      } else {
        toast.success('Password updated. Sign in with your new password.');
        navigate('/login', { replace: true });
      }
    },
    onError: (caught) => toast.error(describeResetFailure(caught)),
  });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters with upper and lower case letters, a number and a symbol."
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => void form.handleSubmit((input) => reset.mutate(input))(event)}
        noValidate
      >
        <NewPasswordField control={form.control} name="newPassword" label="New password" />
        <FormAlert
          message={
            isLinkBroken ? INVALID_LINK : reset.error ? describeResetFailure(reset.error) : null
          }
        />
        <Button type="submit" isLoading={reset.isPending} disabled={isLinkBroken || !newPassword}>
          Update password
        </Button>
        <Button variant="ghost" onClick={() => navigate('/login')}>
          Back to Login
        </Button>
      </form>
    </AuthLayout>
  );
}

function describeResetFailure(caught: unknown): string {
  return caught instanceof ApiError ? caught.message : AUTH_MESSAGES.resetFailed;
}
