import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_KEYWORDS,
  nameMatchesCategory,
  nameMatchesSearch,
} from './catalogue.js';

describe('category keywords', () => {
  it('holds the spec’s beauty set and a set for every category', () => {
    expect(CATEGORY_KEYWORDS.beauty).toEqual(
      expect.arrayContaining(['beauty', 'makeup', 'skincare', 'cosmetic']),
    );
    for (const category of CATEGORIES) expect(CATEGORY_KEYWORDS[category]).toContain(category);
  });
  it('matches names by keyword, ignoring case; an unknown category matches its own name', () => {
    expect(nameMatchesCategory('Organic SKINCARE set', 'beauty')).toBe(true);
    expect(nameMatchesCategory('Red sports car', 'beauty')).toBe(false);
    expect(nameMatchesCategory('Pet toys ad', 'pets')).toBe(false);
    expect(nameMatchesCategory('Best pets ad', 'pets')).toBe(true);
  });
  it('searches names as a case-insensitive substring', () => {
    expect(nameMatchesSearch('Retro Camera', 'CAM')).toBe(true);
    expect(nameMatchesSearch('Retro Camera', 'lens')).toBe(false);
    expect(nameMatchesSearch('Retro Camera', '  ')).toBe(true);
  });
});
