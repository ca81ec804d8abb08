import { describe, expect, it } from 'vitest';
import { cleanEmailInput, cleanNameInput, validateEmail, validateName } from './input-rules.js';
import { AUTH_MESSAGES } from './messages.js';

describe('email input', () => {
  it('strips every whitespace character as typed or pasted', () => {
    expect(cleanEmailInput(' ann @ex ample.com\t\n')).toBe('ann@example.com');
  });
  it('requires an address of a basic pattern', () => {
    expect(validateEmail('')).toBe(AUTH_MESSAGES.emailRequired);
    expect(validateEmail('ann@example')).toBe(AUTH_MESSAGES.emailInvalid);
    expect(validateEmail('ann@example.com')).toBeNull();
  });
});

describe('name input', () => {
  it('keeps letters and spaces and capitalises the first letter', () => {
    expect(cleanNameInput('jean-luc 2nd picard!')).toBe('Jeanluc nd picard');
    expect(cleanNameInput('émile zola')).toBe('Émile zola');
  });
  it('requires a name', () => {
    expect(validateName('   ')).toBe(AUTH_MESSAGES.nameRequired);
    expect(validateName('Ann')).toBeNull();
  });
});
