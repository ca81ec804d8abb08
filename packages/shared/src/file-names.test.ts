import { describe, expect, it } from 'vitest';
import {
  applyRename,
  designNumberFromName,
  isListedImageName,
  isUsableFileName,
  monthYearOf,
} from './file-names.js';

describe('upload rename', () => {
  it('keeps the original extension and trims', () => {
    expect(applyRename('beach.png', '  sunset ')).toBe('sunset.png');
    expect(applyRename('beach.png', 'sunset.PNG')).toBe('sunset.png');
    expect(applyRename('beach.png', 'sunset.jpg')).toBe('sunset.png');
    expect(applyRename('beach.png', 'sunset.png.png')).toBe('sunset.png');
    expect(applyRename('beach.png', 'v1.2 final')).toBe('v1.2 final.png');
  });
  it('refuses a name that is empty after trimming', () => {
    expect(applyRename('beach.png', '   ')).toBeNull();
    expect(applyRename('beach.png', '.png')).toBeNull();
  });
});

describe('file names', () => {
  it('lists only image names', () => {
    expect(['a.jpeg', 'b.JPG', 'c.png', 'd.gif', 'e.webp'].every(isListedImageName)).toBe(true);
    expect(['a.svg', 'b.txt', 'png'].some(isListedImageName)).toBe(false);
  });
  it('reads the number of prefix_number.ext', () => {
    expect(designNumberFromName('design_42.png')).toBe(42);
    expect(designNumberFromName('my_design_7.webp')).toBe(7);
    expect(designNumberFromName('design.png')).toBeNull();
  });
  it('treats long hashes and long names as unusable', () => {
    expect(isUsableFileName(`${'a1'.repeat(16)}.png`)).toBe(false);
    expect(isUsableFileName(`${'x'.repeat(41)}.png`)).toBe(false);
    expect(isUsableFileName('summer.png')).toBe(true);
  });
  it('groups by month in UTC', () => {
    expect(monthYearOf('2026-01-31T23:30:00Z')).toBe('January 2026');
  });
});
