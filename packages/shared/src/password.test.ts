import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages.js';
import { measurePasswordStrength, validateSignupPassword } from './password.js';

describe('signup password rules', () => {
  it('accepts a password meeting all five rules', () => {
    expect(validateSignupPassword('Sunny-Day-42')).toBeNull();
  });

  it('requires a password', () => {
    expect(validateSignupPassword('')).toBe(AUTH_MESSAGES.passwordRequired);
  });

  it('joins every broken rule with commas, in the spec order', () => {
    expect(validateSignupPassword('abc')).toBe(
      [
        AUTH_MESSAGES.passwordTooShort,
        AUTH_MESSAGES.passwordNeedsUppercase,
        AUTH_MESSAGES.passwordNeedsNumber,
        AUTH_MESSAGES.passwordNeedsSymbol,
      ].join(', '),
    );
    expect(validateSignupPassword('ABCDEFGH1!')).toBe(AUTH_MESSAGES.passwordNeedsLowercase);
  });

  it('does not count a space as a symbol', () => {
    expect(validateSignupPassword('Abcdefg1 ')).toBe(AUTH_MESSAGES.passwordNeedsSymbol);
  });
});

describe('strength meter', () => {
  it.each([
    ['', 0, 'Enter a password'],
    ['a', 1, 'Weak password'],
    ['aA', 2, 'Weak password'],
    ['aA1', 3, 'Medium password'],
    ['aA1!', 4, 'Medium password'],
    ['aA1!aaaa', 5, 'Strong password'],
  ])('%j scores %i: %s', (password, score, label) => {
    expect(measurePasswordStrength(password)).toEqual({ score, label });
  });
});
