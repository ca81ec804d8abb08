import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  AUTH_MESSAGES,
  type ForgotPasswordInput,
  type SignInInput,
  type SignUpInput,
} from '@adtwin/shared';
import { loadAuthClient } from '@/lib/auth-client';
import {
  describeSignInError,
  describeSignUpError,
  isUnverifiedEmail,
  VERIFICATION_MESSAGES,
} from './auth-errors';

/** A refusal already worded for the person: shown under the form and as a toast. */
export class AuthFormError extends Error {}

function wordedMessage(error: unknown, fallback: string): string {
  return error instanceof AuthFormError ? error.message : fallback;
}

function toastFailure(fallback: string) {
  return (error: unknown) => toast.error(wordedMessage(error, fallback));
}

/** The text to show for a failed auth mutation, or null while none failed. */
export function failureText(error: unknown, fallback: string): string | null {
  return error ? wordedMessage(error, fallback) : null;
}

/** Sign-in with e-mail and password; an unverified address is an outcome, not a failure. */
export function useSignIn() {
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<'signed-in' | 'unverified'> => {
      const auth = await loadAuthClient();
      const { error } = await auth.signIn.email(input);
      if (!error) return 'signed-in';
      // A new verification mail went out with this attempt.
      if (isUnverifiedEmail(error)) return 'unverified';
      throw new AuthFormError(describeSignInError(error));
    },
    onError: toastFailure(AUTH_MESSAGES.unexpected),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const auth = await loadAuthClient();
      const { error } = await auth.signUp.email({
        ...input,
        name: input.name.trim(),
        callbackURL: '/',
      });
      if (error) throw new AuthFormError(describeSignUpError(error));
    },
    onSuccess: () => toast.success(AUTH_MESSAGES.accountCreated),
    onError: toastFailure(AUTH_MESSAGES.unexpected),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async ({ email }: ForgotPasswordInput) => {
      const auth = await loadAuthClient();
      const { error } = await auth.requestPasswordReset({
        email,
        redirectTo: '/update-password',
      });
      if (error) throw new AuthFormError(AUTH_MESSAGES.resetFailed);
    },
    onSuccess: () => toast.success(AUTH_MESSAGES.resetEmailSent),
    onError: toastFailure(AUTH_MESSAGES.resetFailed),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: async (email: string) => {
      const auth = await loadAuthClient();
      const { error } = await auth.sendVerificationEmail({ email, callbackURL: '/' });
      if (error) throw new AuthFormError(VERIFICATION_MESSAGES.resendFailed);
    },
    onSuccess: () => toast.success(VERIFICATION_MESSAGES.resent),
    onError: toastFailure(VERIFICATION_MESSAGES.resendFailed),
  });
}

/** Leaves for Google; better-auth brings the person back to the sign-in page it came from. */
export function useGoogleSignIn() {
  return useMutation({
    mutationFn: async (returnTo: { plan: string | undefined; frequency: string | null }) => {
      const back = new URLSearchParams({ oauth: 'google' });
      if (returnTo.frequency) back.set('frequency', returnTo.frequency);
      const loginPath = returnTo.plan ? `/login/${encodeURIComponent(returnTo.plan)}` : '/login';
      const auth = await loadAuthClient();
      const { error } = await auth.signIn.social({
        provider: 'google',
        callbackURL: `${loginPath}?${back}`,
        errorCallbackURL: `${loginPath}?error=google`,
      });
      if (error) throw new AuthFormError(AUTH_MESSAGES.googleFailed);
    },
    onError: toastFailure(AUTH_MESSAGES.googleFailed),
  });
}
