/**
 * Every user-visible text of the specification, word for word. Web, server and tests import
 * these; a test checks them once against the spec's literal text.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordNeedsLowercase: 'Password must include at least one lowercase letter',
  passwordNeedsUppercase: 'Password must include at least one uppercase letter',
  passwordNeedsNumber: 'Password must include at least one number',
  passwordNeedsSymbol: 'Password must include at least one symbol',
  resetEmailRequired: 'Email is required for password reset',
  invalidLogin: 'Invalid email or password',
  signInFailed: 'Sign in failed',
  emailAlreadyRegistered: 'Email already registered',
  invalidEmail: 'Invalid email',
  signUpFailed: 'Sign up failed',
  unexpected: 'An unexpected error occurred',
  googleFailed: 'Error signing in with Google',
  resetFailed: 'Error resetting password',
  loggedIn: 'Logged in successfully!',
  signedInWithGoogle: 'Signed in with Google!',
  accountCreated: 'Account created! Please check your email to verify your account.',
  resetEmailSent: 'Password reset email sent!',
} as const;

export const STRENGTH_LABELS = [
  'Enter a password',
  'Weak password',
  'Medium password',
  'Strong password',
] as const;

export function verificationText(email: string): string {
  return `We've sent a verification email to ${email}. Please check your inbox or junk and click the link to verify your account.`;
}

export const IMAGE_LOAD_FAILED = 'Failed to load image';
