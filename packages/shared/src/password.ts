import { AUTH_MESSAGES } from './messages.js';

export const PASSWORD_MIN_LENGTH = 8;

const PASSWORD_RULES = [
  { test: (p: string) => p.length >= PASSWORD_MIN_LENGTH, message: AUTH_MESSAGES.passwordTooShort },
  { test: (p: string) => /[a-z]/.test(p), message: AUTH_MESSAGES.passwordNeedsLowercase },
  { test: (p: string) => /[A-Z]/.test(p), message: AUTH_MESSAGES.passwordNeedsUppercase },
  { test: (p: string) => /[0-9]/.test(p), message: AUTH_MESSAGES.passwordNeedsNumber },
  { test: (p: string) => /[^A-Za-z0-9\s]/.test(p), message: AUTH_MESSAGES.passwordNeedsSymbol },
] as const;

/** The messages of the signup rules a password breaks, in the spec's order. */
export function listPasswordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** The single error text for a signup password, or null when it passes: messages joined with commas. */
export function validateSignupPassword(password: string): string | null {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  const problems = listPasswordProblems(password);
  return problems.length ? problems.join(', ') : null;
}

export type PasswordStrength = { score: number; label: string };

/** Strength meter: how many of the 5 rules are met. 0 'Enter a password', 1-2 weak, 3-4 medium, 5 strong. */
export function measurePasswordStrength(password: string): PasswordStrength {
  if (!password) return { score: 0, label: 'Enter a password' };
  const score = PASSWORD_RULES.filter((rule) => rule.test(password)).length;
  const label = score <= 2 ? 'Weak password' : score <= 4 ? 'Medium password' : 'Strong password';
  return { score, label };
}
