import { AUTH_MESSAGES } from '@adtwin/shared';

type AuthFailure = { message?: string; code?: string; status?: number } | null | undefined;

/** The spec's catalogue: what a person reads for each kind of sign-in failure. */
export function describeSignInError(error: AuthFailure): string {
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`.toLowerCase();
  if (
    text.includes('invalid login') ||
    text.includes('invalid_email_or_password') ||
    text.includes('invalid email or password')
  ) {
    return AUTH_MESSAGES.invalidLogin;
  }
  return AUTH_MESSAGES.signInFailed;
}

export function describeSignUpError(error: AuthFailure): string {
  const text = `${error?.code ?? ''} ${error?.message ?? ''}`.toLowerCase();
  if (
    text.includes('already registered') ||
    text.includes('already_exists') ||
    text.includes('already exists') ||
    text.includes('duplicate')
  ) {
    return AUTH_MESSAGES.emailAlreadyRegistered;
  }
  if (text.includes('invalid email') || text.includes('invalid_email'))
    return AUTH_MESSAGES.invalidEmail;
  if (error?.code === 'WEAK_PASSWORD' && error.message) return error.message;
  return AUTH_MESSAGES.signUpFailed;
}

/** Texts the spec leaves open: signing in before the e-mail address is verified. */
export const VERIFICATION_MESSAGES = {
  notVerified: (email: string) =>
    `Your email is not verified yet. We've sent a new verification link to ${email}.`,
  resend: 'Resend verification email',
  resent: 'Verification email sent!',
  resendFailed: 'Could not send the verification email. Please try again in a minute.',
} as const;

export function isUnverifiedEmail(error: AuthFailure): boolean {
  return error?.code === 'EMAIL_NOT_VERIFIED';
}
