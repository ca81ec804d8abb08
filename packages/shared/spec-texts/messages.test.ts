import { describe, expect, it } from 'vitest';
import { requireSpecText } from './read-spec.js';
import {
  AUTH_MESSAGES,
  BROWSE_MESSAGES,
  STRENGTH_LABELS,
  VOTE_MESSAGES,
  deleteFailed,
  renameFailed,
  verificationText,
  voteError,
} from '../src/messages.js';

const spec = requireSpecText();

// The spec writes these three as "(likewise uppercase letter, number, symbol)" after the lowercase one.
const LIKEWISE = {
  passwordNeedsUppercase: 'uppercase letter',
  passwordNeedsNumber: 'number',
  passwordNeedsSymbol: 'symbol',
} as const;

describe('messages match the specification word for word', () => {
  const literal = Object.entries(AUTH_MESSAGES).filter(([key]) => !(key in LIKEWISE));
  it.each(literal)('%s', (_key, message) => {
    expect(spec).toContain(message);
  });
  it.each(Object.entries(LIKEWISE))('%s follows the lowercase message', (key, noun) => {
    expect(spec).toContain(`(likewise uppercase letter, number, symbol)`);
    expect(AUTH_MESSAGES[key as keyof typeof LIKEWISE]).toBe(
      AUTH_MESSAGES.passwordNeedsLowercase.replace('lowercase letter', noun),
    );
  });
  it.each(STRENGTH_LABELS)('strength label %s', (label) => {
    expect(spec).toContain(`'${label}'`);
  });
  it.each([...Object.entries(BROWSE_MESSAGES), ...Object.entries(VOTE_MESSAGES)])(
    'browse text %s',
    (_key, message) => {
      // The spec writes the empty state in running text: "no templates found".
      expect(spec!.toLowerCase()).toContain(message.toLowerCase());
    },
  );
  it('rename, delete and vote error templates', () => {
    expect(spec).toContain(renameFailed('{reason}'));
    expect(spec).toContain(deleteFailed('{reason}'));
    expect(spec).toContain(`'${voteError('{message}')}'`);
  });
  it('verification text', () => {
    expect(spec).toContain(verificationText('{email}'));
  });
});
