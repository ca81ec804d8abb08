import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './messages.js';
import {
  forgotPasswordSchema,
  NAME_LETTERS_ONLY,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './auth-forms.js';
import { fullNameSchema } from './settings.js';
import { BUG_REPORT_MESSAGES } from './bug-report.js';
import { bugReportSchema } from './schemas/bug-report.schema.js';
import { onboardingSchema, ONBOARDING_MESSAGES } from './onboarding.js';

/** The first message per field, as the form resolver and the server both read it. */
function firstMessages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('form schemas', () => {
  it('sign-in checks the address and only the presence of a password', () => {
    expect(firstMessages(signInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });

  it('sign-up joins every broken password rule into one message and refuses digits in names', () => {
    const messages = firstMessages(
      signUpSchema.safeParse({ email: 'ann@example', name: 'Ann 2', password: 'abc' }),
    );
    expect(messages).toEqual({
      email: AUTH_MESSAGES.emailInvalid,
      name: NAME_LETTERS_ONLY,
      password: [
        AUTH_MESSAGES.passwordTooShort,
        AUTH_MESSAGES.passwordNeedsUppercase,
        AUTH_MESSAGES.passwordNeedsNumber,
        AUTH_MESSAGES.passwordNeedsSymbol,
      ].join(', '),
    });
    expect(
      signUpSchema.safeParse({
        email: 'ann@example.com',
        name: 'Zoë Ann',
        password: 'Sunny-Day-42',
      }).success,
    ).toBe(true);
  });

  it('the reset forms ask for an address, then a strong password with its token', () => {
    expect(firstMessages(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({
      email: AUTH_MESSAGES.resetEmailRequired,
    });
    expect(resetPasswordSchema.safeParse({ token: '', newPassword: 'Sunny-Day-42' }).success).toBe(
      false,
    );
    expect(resetPasswordSchema.safeParse({ token: 't', newPassword: 'Sunny-Day-42' }).success).toBe(
      true,
    );
  });

  it('settings, bug report and onboarding keep the spec texts', () => {
    expect(firstMessages(fullNameSchema.safeParse({ fullName: 'Ada 2' }))).toEqual({
      fullName: 'Name cannot contain numbers',
    });
    expect(fullNameSchema.safeParse({ fullName: 'A'.repeat(201) }).success).toBe(false);
    expect(firstMessages(bugReportSchema.safeParse({ description: '  ' }))).toEqual({
      description: BUG_REPORT_MESSAGES.descriptionRequired,
    });
    expect(
      firstMessages(onboardingSchema.safeParse({ userType: 'creator', source: 'other' })),
    ).toEqual({ sourceOther: ONBOARDING_MESSAGES.incomplete });
    expect(
      onboardingSchema.safeParse({ userType: 'creator', source: 'other', sourceOther: 'A podcast' })
        .success,
    ).toBe(true);
  });
});
