import { describe, expect, it } from 'vitest';
import { closestImageSize } from './generation.js';

describe('closestImageSize', () => {
  it('takes the output shape nearest the image', () => {
    expect(closestImageSize({ width: 1600, height: 1067 })).toBe('1536x1024');
    expect(closestImageSize({ width: 900, height: 1600 })).toBe('1024x1536');
    expect(closestImageSize({ width: 1024, height: 1024 })).toBe('1024x1024');
    // 5:4 lies nearer landscape (1.5 / 1.25 = 1.2 against 1.25), 8:7 nearer square.
    expect(closestImageSize({ width: 1600, height: 1280 })).toBe('1536x1024');
    expect(closestImageSize({ width: 1600, height: 1400 })).toBe('1024x1024');
    // A panorama and a tall strip take the widest and the tallest.
    expect(closestImageSize({ width: 1600, height: 451 })).toBe('1536x1024');
    expect(closestImageSize({ width: 300, height: 1200 })).toBe('1024x1536');
  });
});
