import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, validateSignupPassword } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '@/lib/account';
import { api, ApiError, readJson } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { AuthLayout } from './AuthLayout';
import { PasswordStrength } from './PasswordStrength';

/** Opened from the reset mail: sets a new password under the signup rules. */
export function UpdatePasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle('Update password');
  const token = searchParams.get('token');
  const [password, setPassword] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    searchParams.get('error') || !token
      ? 'This reset link is invalid or has expired. Ask for a new one from the sign-in page.'
      : null,
  );
  const passwordError = isTouched ? validateSignupPassword(password) : null;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (!token || validateSignupPassword(password)) return;
    setIsBusy(true);
    try {
      const { signedIn } = await readJson(
        api.password.reset.$post({ json: { token, newPassword: password } }),
      );
      if (signedIn) {
        toast.success('Password updated.');
        await queryClient.invalidateQueries({ queryKey: accountQueryKey });
        navigate('/', { replace: true });
      } else {
        toast.success('Password updated. Sign in with your new password.');
        navigate('/login', { replace: true });
      }
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : AUTH_MESSAGES.resetFailed;
      setError(message);
      toast.error(message);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters with upper and lower case letters, a number and a symbol."
    >
      <form className="flex flex-col gap-3" onSubmit={handleSubmit} noValidate>
        <div className="flex flex-col gap-2">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setIsTouched(true)}
            error={passwordError}
          />
          <PasswordStrength password={password} />
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" isLoading={isBusy} disabled={!token || !password}>
          Update password
        </Button>
        <Button variant="ghost" onClick={() => navigate('/login')}>
          Back to Login
        </Button>
      </form>
    </AuthLayout>
  );
}
