import { describe, expect, it } from 'vitest';
import { detectImageType } from './content-type.js';

describe('content type from bytes', () => {
  it('finds png, jpeg and webp by their bytes and refuses a text file named .png', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
    ]);
    expect(await detectImageType(png)).toBe('image/png');
    expect(await detectImageType(jpeg)).toBe('image/jpeg');
    expect(await detectImageType(webp)).toBe('image/webp');
    expect(await detectImageType(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(await detectImageType(Buffer.from('GIF89a'))).toBeNull();
  });
});
