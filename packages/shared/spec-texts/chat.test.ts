import { describe, expect, it } from 'vitest';
import { requireSpecText } from './read-spec.js';
import { CHAT_MESSAGES, LIBRARY_PAGE_SIZE, PROMPT_MAX_HEIGHT_PX, chatError } from '../src/chat.js';

const spec = requireSpecText();

describe('chat texts match the specification word for word', () => {
  it.each(Object.entries(CHAT_MESSAGES))('%s', (_key, message) => {
    expect(spec).toContain(message);
  });
  it('error bubble, paging and prompt height', () => {
    expect(spec).toContain(`'${chatError('...')}'`);
    expect(spec).toContain(`Library paging ${LIBRARY_PAGE_SIZE} per page`);
    expect(spec).toContain(`Prompt box grows to ${PROMPT_MAX_HEIGHT_PX}px`);
  });
});
