import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  acceptChatFiles,
  cleanLibraryName,
  freeImageSlots,
  isChatImageFile,
  promptDecision,
} from './chat.js';

const MB = 1024 * 1024;
const png = (name = 'a.png', size = MB) => ({ name, type: 'image/png', size });

describe('chat attachments', () => {
  it('accept WebP, PNG and JPEG by type and extension only', () => {
    expect(isChatImageFile({ name: 'a.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isChatImageFile({ name: 'a.webp', type: 'image/webp' })).toBe(true);
    expect(isChatImageFile({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(isChatImageFile({ name: 'a.png', type: 'text/plain' })).toBe(false);
    expect(isChatImageFile({ name: 'png', type: 'image/png' })).toBe(false);
    const result = acceptChatFiles([{ name: 'a.gif', type: 'image/gif', size: 1 }, png()], {
      attachedCount: 0,
      hasInputImage: false,
    });
    expect(result).toEqual({ accepted: [png()], error: CHAT_MESSAGES.uploadTypes });
  });

  it('refuse files over 10 MB', () => {
    const result = acceptChatFiles([png('big.png', 10 * MB + 1), png('ok.png', 10 * MB)], {
      attachedCount: 0,
      hasInputImage: false,
    });
    expect(result.accepted.map((file) => file.name)).toEqual(['ok.png']);
    expect(result.error).toBe(CHAT_MESSAGES.fileTooLarge);
  });

  it('keep at most 3 images counting those attached and the selected input image', () => {
    const four = [png('1.png'), png('2.png'), png('3.png'), png('4.png')];
    const fresh = acceptChatFiles(four, { attachedCount: 0, hasInputImage: false });
    expect(fresh.accepted).toHaveLength(3);
    expect(fresh.error).toBe(CHAT_MESSAGES.tooManyImages);
    const withInput = acceptChatFiles(four, { attachedCount: 1, hasInputImage: true });
    expect(withInput.accepted.map((file) => file.name)).toEqual(['1.png']);
    const full = acceptChatFiles([png()], { attachedCount: 2, hasInputImage: true });
    expect(full).toEqual({ accepted: [], error: CHAT_MESSAGES.tooManyImages });
    expect(acceptChatFiles([png()], { attachedCount: 2, hasInputImage: false }).error).toBeNull();
    expect(freeImageSlots({ attachedCount: 2, hasInputImage: true })).toBe(0);
    expect(freeImageSlots({ attachedCount: 1, hasInputImage: false })).toBe(2);
  });
});

describe('prompt rule', () => {
  it('ignores an empty prompt without images', () => {
    expect(promptDecision('', 0)).toBe('ignore');
    expect(promptDecision('   \n ', 0)).toBe('ignore');
  });
  it('needs 10 characters without images, nothing with them', () => {
    expect(promptDecision('short one', 0)).toBe('too_short');
    expect(promptDecision('  123456789  ', 0)).toBe('too_short');
    expect(promptDecision('1234567890', 0)).toBe('send');
    expect(promptDecision('hi', 1)).toBe('send');
    expect(promptDecision('', 2)).toBe('send');
  });
});

describe('library rename', () => {
  it('refuses an empty name', () => {
    expect(cleanLibraryName('   ')).toBeNull();
    expect(cleanLibraryName(' .png ')).toBeNull();
  });
  it('strips the extension and turns other characters into underscores', () => {
    expect(cleanLibraryName('Summer shoot.png')).toBe('Summer shoot');
    expect(cleanLibraryName('  red-shoe_2.JPEG ')).toBe('red-shoe_2');
    expect(cleanLibraryName('café & co!')).toBe('caf_ _ co_');
    expect(cleanLibraryName('v1.2 final')).toBe('v1_2 final');
  });
});
