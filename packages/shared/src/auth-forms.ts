import { z } from 'zod';
import { AUTH_MESSAGES } from './messages.js';
import {
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SIGN_IN_RULES,
  validateEmail,
  validateName,
} from './input-rules.js';
import { validateSignupPassword } from './password.js';

/**
 * A string field checked by one of the rule functions: the function's text, word for word, is
 * the field's single message (a custom issue, so the server's validation hook keeps it).
 */
export function ruledString(rule: (value: string) => string | null) {
  return z.string().superRefine((value, ctx) => {
    const problem = rule(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

export const NAME_LETTERS_ONLY = 'Name must contain only letters and spaces';

const emailField = ruledString(validateEmail);
/** A new password under the signup rules (sign-up, reset, change). */
export const newPasswordField = ruledString(validateSignupPassword).max(PASSWORD_MAX_LENGTH);

/** Sign-in form and the server's sign-in: only presence is checked, never strength. */
export const signInSchema = z.object({
  email: ruledString(SIGN_IN_RULES.email),
  password: ruledString(SIGN_IN_RULES.password),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Sign-up form and the server's sign-up hook. */
export const signUpSchema = z.object({
  email: emailField,
  name: ruledString(
    (value) => validateName(value) ?? (/[^\p{L} ]/u.test(value) ? NAME_LETTERS_ONLY : null),
  ).max(FULL_NAME_MAX_LENGTH),
  password: newPasswordField,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** "Forgot password?": the address the reset link goes to. */
export const forgotPasswordSchema = z.object({
  email: ruledString((value) => (value ? validateEmail(value) : AUTH_MESSAGES.resetEmailRequired)),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset link's page and POST /api/password/reset: the mailed token and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(512),
  newPassword: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
