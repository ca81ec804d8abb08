import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import {
  AUTH_MESSAGES,
  cleanEmailInput,
  cleanNameInput,
  FULL_NAME_MAX_LENGTH,
  validateEmail,
  validateName,
  validateSignupPassword,
  verificationText,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { FullPageSpinner } from '@/components/ui/FullPageSpinner';
import { authClient } from '@/lib/auth-client';
import { useAccount, useRefreshAccount } from '@/lib/account';
import { usePageTitle } from '@/lib/page-title';
import { useClientConfig } from '@/lib/use-client-config';
import { GoogleButton } from './GoogleButton';
import { AuthLayout } from './AuthLayout';
import { PasswordStrength } from './PasswordStrength';
import { redirectAfterSignIn } from './redirect-after-sign-in';
import {
  describeSignInError,
  describeSignUpError,
  isUnverifiedEmail,
  VERIFICATION_MESSAGES,
} from './auth-errors';

type Mode = 'login' | 'signup' | 'verification' | 'reset';

const TERMS_URL = 'https://adtwin.app/terms';
const PRIVACY_URL = 'https://adtwin.app/privacy';

export function LoginPage() {
  const account = useAccount();
  const refreshAccount = useRefreshAccount();
  const navigate = useNavigate();
  const { plan } = useParams();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // Set when a sign-in was refused for an unverified address: the notice says so.
  const [isUnverified, setIsUnverified] = useState(false);
  // Where a sign-in made on this screen leads; anyone already signed in goes to '/'.
  const [postSignInTarget, setPostSignInTarget] = useState<string | null>(null);
  const clientConfig = useClientConfig();
  usePageTitle(mode === 'signup' ? 'Sign up' : 'Sign in');

  // Back from Google: better-auth redirects here with ?oauth=google, or ?error=... on failure.
  const oauthReturn = searchParams.get('oauth');
  const oauthError = searchParams.get('error');
  const hasAnnouncedOAuth = useRef(false);
  useEffect(() => {
    if (hasAnnouncedOAuth.current) return;
    if (oauthError) {
      hasAnnouncedOAuth.current = true;
      toast.error(AUTH_MESSAGES.googleFailed);
    } else if (oauthReturn === 'google' && account.data) {
      hasAnnouncedOAuth.current = true;
      toast.success(AUTH_MESSAGES.signedInWithGoogle);
      navigate(redirectAfterSignIn(plan, searchParams.get('frequency')), { replace: true });
    }
  }, [oauthError, oauthReturn, account.data, navigate, plan, searchParams]);

  if (account.isPending) return <FullPageSpinner />;
  if (account.data) {
    return oauthReturn ? <FullPageSpinner /> : <Navigate to={postSignInTarget ?? '/'} replace />;
  }

  const isSignup = mode === 'signup';
  const emailError = touched.email ? validateEmail(email) : null;
  const passwordError = touched.password
    ? isSignup
      ? validateSignupPassword(password)
      : password
        ? null
        : AUTH_MESSAGES.passwordRequired
    : null;
  const nameError = isSignup && touched.name ? validateName(name) : null;
  const hasFieldError = Boolean(
    validateEmail(email) || validateSignupPassword(password) || validateName(name),
  );
  const isSubmitDisabled =
    isBusy || (isSignup && (!email || !password || !name || !acceptedTerms || hasFieldError));

  function switchMode(next: Mode) {
    setMode(next);
    setError(null);
    setIsUnverified(false);
    setTouched({});
    setName('');
    setAcceptedTerms(false);
  }

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched({ email: true, password: true, name: isSignup });
    setError(null);
    if (mode === 'reset') return handleReset();
    const problem =
      validateEmail(email) ??
      (isSignup
        ? (validateSignupPassword(password) ?? validateName(name))
        : password
          ? null
          : AUTH_MESSAGES.passwordRequired);
    if (problem) return;
    setIsBusy(true);
    try {
      if (isSignup) {
        const { error: signUpError } = await authClient.signUp.email({
          email,
          password,
          name: name.trim(),
          callbackURL: '/',
        });
        if (signUpError) return fail(describeSignUpError(signUpError));
        toast.success(AUTH_MESSAGES.accountCreated);
        setMode('verification');
      } else {
        const { error: signInError } = await authClient.signIn.email({ email, password });
        if (signInError) {
          if (isUnverifiedEmail(signInError)) {
            // A new verification mail went out with this attempt; say so and show where to look.
            setMode('verification');
            setIsUnverified(true);
            return;
          }
          return fail(describeSignInError(signInError));
        }
        toast.success(AUTH_MESSAGES.loggedIn);
        setPostSignInTarget(redirectAfterSignIn(plan, searchParams.get('frequency')));
        await refreshAccount();
      }
    } catch {
      fail(AUTH_MESSAGES.unexpected);
    } finally {
      setIsBusy(false);
    }
  }

  async function signInWithGoogle() {
    setIsBusy(true);
    const back = new URLSearchParams({ oauth: 'google' });
    const frequency = searchParams.get('frequency');
    if (frequency) back.set('frequency', frequency);
    const loginPath = plan ? `/login/${encodeURIComponent(plan)}` : '/login';
    try {
      const { error: googleError } = await authClient.signIn.social({
        provider: 'google',
        callbackURL: `${loginPath}?${back}`,
        errorCallbackURL: `${loginPath}?error=google`,
      });
      if (googleError) fail(AUTH_MESSAGES.googleFailed);
    } catch {
      fail(AUTH_MESSAGES.googleFailed);
    } finally {
      setIsBusy(false);
    }
  }

  async function handleReset() {
    if (!email) return fail(AUTH_MESSAGES.resetEmailRequired);
    if (validateEmail(email)) return;
    setIsBusy(true);
    try {
      const { error: resetError } = await authClient.requestPasswordReset({
        email,
        redirectTo: '/update-password',
      });
      if (resetError) return fail(AUTH_MESSAGES.resetFailed);
      toast.success(AUTH_MESSAGES.resetEmailSent);
    } catch {
      fail(AUTH_MESSAGES.resetFailed);
    } finally {
      setIsBusy(false);
    }
  }

  async function resendVerification() {
    setIsBusy(true);
    setError(null);
    try {
      const { error: sendError } = await authClient.sendVerificationEmail({
        email,
        callbackURL: '/',
      });
      if (sendError) return fail(VERIFICATION_MESSAGES.resendFailed);
      toast.success(VERIFICATION_MESSAGES.resent);
    } catch {
      fail(VERIFICATION_MESSAGES.resendFailed);
    } finally {
      setIsBusy(false);
    }
  }

  function blockSpace(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === ' ') event.preventDefault();
  }

  function pasteEmail(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    setEmail(cleanEmailInput(event.clipboardData.getData('text')));
  }

  if (mode === 'verification') {
    return (
      <AuthLayout title="Check your email">
        {isUnverified ? (
          <p role="status" className="text-sm text-fg" data-testid="not-verified-text">
            {VERIFICATION_MESSAGES.notVerified(email)}
          </p>
        ) : (
          <p className="text-sm text-muted" data-testid="verification-text">
            {verificationText(email)}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button onClick={() => void resendVerification()} isLoading={isBusy}>
          {VERIFICATION_MESSAGES.resend}
        </Button>
        <Button variant="secondary" onClick={() => switchMode('login')}>
          Back to Login
        </Button>
      </AuthLayout>
    );
  }

  const title =
    mode === 'signup'
      ? 'Create your account'
      : mode === 'reset'
        ? 'Reset your password'
        : 'Welcome back';
  const subtitle =
    mode === 'signup'
      ? 'Clone any ad with your own product in seconds.'
      : mode === 'reset'
        ? "Enter your email and we'll send you a reset link."
        : 'Sign in to keep creating.';

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form className="flex flex-col gap-3" onSubmit={handleSubmit} noValidate>
        {isSignup && (
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            maxLength={FULL_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(cleanNameInput(e.target.value))}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            error={nameError}
          />
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(cleanEmailInput(e.target.value))}
          onKeyDown={blockSpace}
          onPaste={pasteEmail}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          error={emailError}
        />
        {mode !== 'reset' && (
          <div className="flex flex-col gap-2">
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete={isSignup ? 'new-password' : 'current-password'}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                // At signup the rules show as they are typed, like the strength meter.
                if (isSignup) setTouched((t) => ({ ...t, password: true }));
              }}
              onBlur={() => setTouched((t) => ({ ...t, password: true }))}
              error={passwordError}
            />
            {isSignup && <PasswordStrength password={password} />}
          </div>
        )}
        {mode === 'login' && (
          <button
            type="button"
            className="self-end text-sm font-medium text-accent hover:underline"
            onClick={() => switchMode('reset')}
          >
            Forgot password?
          </button>
        )}
        {isSignup && (
          <label className="flex items-start gap-2 text-sm text-muted">
            <input
              type="checkbox"
              name="terms"
              className="mt-0.5 size-4 accent-[var(--accent)]"
              checked={acceptedTerms}
              onChange={(e) => setAcceptedTerms(e.target.checked)}
            />
            <span>
              I agree to the{' '}
              <a
                href={TERMS_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="text-accent hover:underline"
              >
                Terms of Service
              </a>{' '}
              and{' '}
              <a
                href={PRIVACY_URL}
                target="_blank"
                rel="noopener noreferrer"
                className="text-accent hover:underline"
              >
                Privacy Policy
              </a>
            </span>
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" isLoading={isBusy} disabled={isSubmitDisabled} className="w-full">
          {mode === 'signup' ? 'Create account' : mode === 'reset' ? 'Send reset link' : 'Sign in'}
        </Button>
        {mode !== 'reset' && clientConfig.data?.googleSignIn && (
          <>
            <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
              <span className="h-px flex-1 bg-border" />
              or
              <span className="h-px flex-1 bg-border" />
            </div>
            <GoogleButton onClick={signInWithGoogle} disabled={isBusy} />
          </>
        )}
        {mode === 'reset' ? (
          <Button variant="ghost" onClick={() => switchMode('login')}>
            Back to Login
          </Button>
        ) : (
          <p className="text-center text-sm text-muted">
            {isSignup ? 'Already have an account?' : "Don't have an account?"}{' '}
            <button
              type="button"
              className="font-medium text-accent hover:underline"
              onClick={() => switchMode(isSignup ? 'login' : 'signup')}
            >
              {isSignup ? 'Sign in' : 'Sign up'}
            </button>
          </p>
        )}
      </form>
    </AuthLayout>
  );
}
