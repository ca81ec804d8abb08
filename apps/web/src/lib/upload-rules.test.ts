import { describe, expect, it } from 'vitest';
import { isAllowedImageFile } from './upload-rules';

describe('avatar upload rule', () => {
  it('accepts webp, png and jpeg by type and extension', () => {
    expect(isAllowedImageFile({ name: 'me.PNG', type: 'image/png' })).toBe(true);
    expect(isAllowedImageFile({ name: 'me.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isAllowedImageFile({ name: 'me.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(isAllowedImageFile({ name: 'me.webp', type: 'image/webp' })).toBe(true);
  });
  it('needs both to agree with the list', () => {
    expect(isAllowedImageFile({ name: 'me.gif', type: 'image/gif' })).toBe(false);
    expect(isAllowedImageFile({ name: 'me.png', type: 'image/gif' })).toBe(false);
    expect(isAllowedImageFile({ name: 'me.gif', type: 'image/png' })).toBe(false);
    expect(isAllowedImageFile({ name: 'png', type: 'image/png' })).toBe(false);
  });
});
