import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, fieldLabel } from './validation.js';

const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return describeIssue(result.error.issues[0]!);
};

describe('validation messages in plain words', () => {
  it('names the field as a person would', () => {
    expect(fieldLabel(['fullName'])).toBe('Full name');
    expect(fieldLabel(['replacements', 0, 'toReplace'])).toBe('To replace');
    expect(fieldLabel([])).toBe('The request');
  });

  it('says what is wrong without the schema language', () => {
    const body = z.object({
      fullName: z.string().min(1).max(200),
      email: z.email(),
      templateId: z.number().int().max(2147483647),
      userType: z.enum(['ecommerce', 'creator']),
    });
    const valid = { fullName: 'Ada', email: 'a@b.co', templateId: 1, userType: 'creator' };
    expect(firstIssue(body, { ...valid, fullName: 'x'.repeat(201) })).toBe(
      'Full name can be at most 200 characters.',
    );
    expect(firstIssue(body, { ...valid, fullName: '' })).toBe('Full name is required.');
    const { fullName: _omitted, ...withoutName } = valid;
    expect(firstIssue(body, withoutName)).toBe('Full name is required.');
    expect(firstIssue(body, { ...valid, email: 'nope' })).toBe(
      'Email must be a valid e-mail address.',
    );
    expect(firstIssue(body, { ...valid, templateId: 2147483648 })).toBe(
      'Template id can be at most 2147483647.',
    );
    expect(firstIssue(body, { ...valid, templateId: 'seven' })).toBe(
      'Template id must be a number.',
    );
    expect(firstIssue(body, { ...valid, userType: 'robot' })).toBe(
      'User type must be one of: ecommerce, creator.',
    );
  });
});
