import { describe, expect, it } from 'vitest';
import { categoryLabel, toggleCategory } from './category-selection';

describe('category selection', () => {
  it('toggles: the chosen category clears, another replaces it', () => {
    expect(toggleCategory(null, 'food')).toBe('food');
    expect(toggleCategory('food', 'food')).toBeNull();
    expect(toggleCategory('food', 'art')).toBe('art');
  });
  it('labels with a capital', () => {
    expect(categoryLabel('automotive')).toBe('Automotive');
  });
});
