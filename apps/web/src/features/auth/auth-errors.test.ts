import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@adtwin/shared';
import { describeSignInError, describeSignUpError, isUnverifiedEmail } from './auth-errors';
import { redirectAfterSignIn } from './redirect-after-sign-in';

describe('sign-in errors', () => {
  it('maps invalid credentials to the spec text and anything else to Sign in failed', () => {
    expect(
      describeSignInError({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
      }),
    ).toBe(AUTH_MESSAGES.invalidLogin);
    expect(describeSignInError({ message: 'Invalid login credentials' })).toBe(
      AUTH_MESSAGES.invalidLogin,
    );
    expect(describeSignInError({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })).toBe(
      AUTH_MESSAGES.signInFailed,
    );
    expect(describeSignInError(null)).toBe(AUTH_MESSAGES.signInFailed);
    expect(isUnverifiedEmail({ code: 'EMAIL_NOT_VERIFIED' })).toBe(true);
  });
});

describe('sign-up errors', () => {
  it.each([
    [
      { code: 'USER_ALREADY_EXISTS', message: 'Email already registered' },
      AUTH_MESSAGES.emailAlreadyRegistered,
    ],
    [{ message: 'duplicate key value' }, AUTH_MESSAGES.emailAlreadyRegistered],
    [{ code: 'INVALID_EMAIL', message: 'Invalid email' }, AUTH_MESSAGES.invalidEmail],
    [{ code: 'SOMETHING', message: 'boom' }, AUTH_MESSAGES.signUpFailed],
  ])('%j reads %s', (error, expected) => {
    expect(describeSignUpError(error)).toBe(expected);
  });
});

describe('redirect after sign-in', () => {
  it('goes to the subscription page with the chosen plan and frequency, else home', () => {
    expect(redirectAfterSignIn('pro', 'weekly')).toBe('/subscription?plan=pro&frequency=weekly');
    expect(redirectAfterSignIn('enterprise', null)).toBe('/subscription?plan=enterprise');
    expect(redirectAfterSignIn(undefined, 'weekly')).toBe('/');
  });
});
