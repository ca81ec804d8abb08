import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@adtwin/shared';
import { FullPageSpinner } from '@/components/ui/FullPageSpinner';
import { Skeleton } from '@/components/ui/Skeleton';
import { useAccount, useRefreshAccount } from '@/lib/account';
import { usePageTitle } from '@/lib/page-title';
import { AuthLayout } from './AuthLayout';
import { SignInForm } from './SignInForm';
import { VerificationNotice } from './VerificationNotice';
import { redirectAfterSignIn } from './redirect-after-sign-in';
import { useOAuthReturn } from './use-oauth-return';

// Only the sign-in form shows when the page opens; the others (and the zod schemas they check as
// the person types) load when asked for.
const SignUpForm = lazy(() => import('./SignUpForm').then((m) => ({ default: m.SignUpForm })));
const ForgotPasswordForm = lazy(() =>
  import('./ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })),
);

type Mode = 'login' | 'signup' | 'verification' | 'reset';

const HEADINGS: Record<Exclude<Mode, 'verification'>, { title: string; subtitle: string }> = {
  login: { title: 'Welcome back', subtitle: 'Sign in to keep creating.' },
  signup: {
    title: 'Create your account',
    subtitle: 'Clone any ad with your own product in seconds.',
  },
  reset: {
    title: 'Reset your password',
    subtitle: "Enter your email and we'll send you a reset link.",
  },
};

/** /login: sign-in, sign-up, password reset and the verification notice, one at a time. */
export function LoginPage() {
  const account = useAccount();
  const refreshAccount = useRefreshAccount();
  const { plan } = useParams();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('login');
  // The address carries over between modes; everything else starts afresh (each form remounts).
  const [email, setEmail] = useState('');
  // Set when a sign-in was refused for an unverified address: the notice says so.
  const [isUnverified, setIsUnverified] = useState(false);
  // Where a sign-in made on this screen leads; anyone already signed in goes to '/'.
  const [postSignInTarget, setPostSignInTarget] = useState<string | null>(null);
  const isReturningFromOAuth = useOAuthReturn();
  usePageTitle(mode === 'signup' ? 'Sign up' : 'Sign in');

  if (account.isPending) return <FullPageSpinner />;
  if (account.data) {
    return isReturningFromOAuth ? (
      <FullPageSpinner />
    ) : (
      <Navigate to={postSignInTarget ?? '/'} replace />
    );
  }

  function switchMode(next: Mode) {
    setMode(next);
    setIsUnverified(false);
  }

  if (mode === 'verification') {
    return (
      <AuthLayout title="Check your email">
        <VerificationNotice
          email={email}
          isUnverified={isUnverified}
          onBack={() => switchMode('login')}
        />
      </AuthLayout>
    );
  }

  const { title, subtitle } = HEADINGS[mode];
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {mode === 'login' && (
        <SignInForm
          email={email}
          onEmailChange={setEmail}
          onSignedIn={async () => {
            toast.success(AUTH_MESSAGES.loggedIn);
            setPostSignInTarget(redirectAfterSignIn(plan, searchParams.get('frequency')));
            await refreshAccount();
          }}
          onUnverified={() => {
            setMode('verification');
            setIsUnverified(true);
          }}
          onForgotPassword={() => switchMode('reset')}
          onSignUp={() => switchMode('signup')}
        />
      )}
      <Suspense fallback={<FormSkeleton fields={mode === 'signup' ? 3 : 1} />}>
        {mode === 'signup' && (
          <SignUpForm
            email={email}
            onEmailChange={setEmail}
            onSignedUp={() => setMode('verification')}
            onSignIn={() => switchMode('login')}
          />
        )}
        {mode === 'reset' && (
          <ForgotPasswordForm
            email={email}
            onEmailChange={setEmail}
            onBack={() => switchMode('login')}
          />
        )}
      </Suspense>
    </AuthLayout>
  );
}

/** The shape of a form while its code loads: its fields and its button. */
function FormSkeleton({ fields }: { fields: number }) {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-3">
      {Array.from({ length: fields }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
      <Skeleton className="h-10 w-full" />
    </div>
  );
}
