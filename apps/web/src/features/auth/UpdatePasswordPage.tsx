import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES, validateSignupPassword } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { authClient } from '@/lib/auth-client';
import { AuthLayout } from './AuthLayout';
import { PasswordStrength } from './PasswordStrength';

/** Opened from the reset mail: sets a new password under the signup rules. */
export function UpdatePasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
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
    const { error: resetError } = await authClient
      .resetPassword({ newPassword: password, token })
      .catch(() => ({ error: { message: '' } }));
    setIsBusy(false);
    if (resetError) {
      const message = resetError.message || AUTH_MESSAGES.resetFailed;
      setError(message);
      toast.error(message);
      return;
    }
    toast.success('Password updated. Sign in with your new password.');
    navigate('/login', { replace: true });
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters with upper and lower case letters, a number and a symbol."
    >
      <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
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
