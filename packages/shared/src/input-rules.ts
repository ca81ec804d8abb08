import { AUTH_MESSAGES } from './messages.js';

/** A basic address pattern: something@something.tld, no whitespace. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail as typed or pasted: every whitespace character removed. */
export function cleanEmailInput(value: string): string {
  return value.replace(/\s+/g, '');
}

export function validateEmail(email: string): string | null {
  if (!email) return AUTH_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(email) ? null : AUTH_MESSAGES.emailInvalid;
}

/**
 * The sign-in form's rules, field by field: the address, and only the presence of a password
 * (never its strength). The sign-in schema is made of them; the form checks with them directly,
 * so the sign-in page needs no schema library.
 */
export const SIGN_IN_RULES = {
  email: validateEmail,
  password: (password: string): string | null => (password ? null : AUTH_MESSAGES.passwordRequired),
};

/** The longest full name the profile keeps; the field shows how much room is left. */
export const FULL_NAME_MAX_LENGTH = 200;

/**
 * The most a password may hold; longer is refused before hashing. Here, with no zod beside it:
 * the sign-in page reads it, and importing the schemas would add zod to that page's code.
 */
export const PASSWORD_MAX_LENGTH = 128;

/** Name as typed: letters and spaces only, first letter capitalised. */
export function cleanNameInput(value: string): string {
  const lettersOnly = value.replace(/[^\p{L} ]/gu, '');
  return lettersOnly.charAt(0).toUpperCase() + lettersOnly.slice(1);
}

export function validateName(name: string): string | null {
  return name.trim() ? null : AUTH_MESSAGES.nameRequired;
}
