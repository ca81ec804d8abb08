import { describe, expect, it } from 'vitest';
import { clampQuality, negotiateFormat, snapDimension } from './image-variants.js';

describe('variant parameters', () => {
  it('snap sizes up to the ladder and clamp the rest', () => {
    expect(snapDimension(1)).toBe(64);
    expect(snapDimension(300)).toBe(320);
    expect(snapDimension(320)).toBe(320);
    expect(snapDimension(99999)).toBe(1600);
    expect(snapDimension(-5)).toBeNull();
    expect(snapDimension(Number.NaN)).toBeNull();
    expect(snapDimension(undefined)).toBeNull();
  });
  it('snap quality to the nearest of a few steps', () => {
    expect(clampQuality(1000, 75)).toBe(90);
    expect(clampQuality(1, 75)).toBe(40);
    expect(clampQuality(72, 75)).toBe(75);
    expect(clampQuality(55, 75)).toBe(50);
    expect(clampQuality(undefined, 75)).toBe(75);
  });
  it('negotiate WebP, JPEG or a named allowed format', () => {
    expect(negotiateFormat(undefined, 'image/avif,image/webp,*/*')).toEqual({
      format: 'webp',
      negotiated: true,
      takesAvif: true,
    });
    expect(negotiateFormat(undefined, 'image/webp;q=0, image/jpeg')).toMatchObject({
      format: 'jpeg',
    });
    expect(negotiateFormat(undefined, undefined)).toMatchObject({
      format: 'jpeg',
      takesAvif: false,
    });
    expect(negotiateFormat('png', 'image/webp')).toEqual({
      format: 'png',
      negotiated: false,
      takesAvif: false,
    });
    expect(negotiateFormat('gif', 'image/webp')).toMatchObject({
      format: 'webp',
      negotiated: true,
    });
    expect(negotiateFormat('avif', 'image/webp')).toMatchObject({
      format: 'webp',
      takesAvif: false,
    });
  });
});
