import { describe, expect, it } from 'vitest';
import { requireSpecText } from './read-spec.js';
import { GENERATION_MESSAGES, UPGRADE_FEATURES } from '../src/generation.js';

const spec = requireSpecText();

describe('the texts asserted here are the spec’s, with the titles it pairs them with', () => {
  it.each([
    `'${GENERATION_MESSAGES.timeoutTitle}' plus '${GENERATION_MESSAGES.timeoutText}'`,
    `'${GENERATION_MESSAGES.tooManyTitle}' plus '${GENERATION_MESSAGES.tooManyText}'`,
    `'${GENERATION_MESSAGES.failedTitle}' plus the server's error text`,
    `'${GENERATION_MESSAGES.missingUrls}'`,
    `'${GENERATION_MESSAGES.invalidTemplate}'`,
    `'${GENERATION_MESSAGES.noImageData}'`,
    `'${GENERATION_MESSAGES.saveFailed}'`,
    `'${GENERATION_MESSAGES.signedOut}'`,
    `upgrade modal for '${UPGRADE_FEATURES.generation}'`,
  ])('%s', (literal) => {
    expect(spec).toContain(literal);
  });
});
