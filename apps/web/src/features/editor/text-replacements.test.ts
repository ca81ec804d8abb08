import { describe, expect, it } from 'vitest';
import { canAddReplacement, newReplacement, replacementsToSend } from './text-replacements';

describe('text replacements', () => {
  it('allow five rows and no more', () => {
    const rows = Array.from({ length: 4 }, newReplacement);
    expect(canAddReplacement(rows)).toBe(true);
    expect(canAddReplacement([...rows, newReplacement()])).toBe(false);
  });

  it('send only rows with a word to replace, trimmed', () => {
    const rows = [
      { id: 'a', toReplace: ' SALE ', replacement: ' Offer ' },
      { id: 'b', toReplace: '   ', replacement: 'ignored' },
      { id: 'c', toReplace: 'Brand', replacement: '' },
    ];
    expect(replacementsToSend(rows)).toEqual([
      { toReplace: 'SALE', replacement: 'Offer' },
      { toReplace: 'Brand', replacement: '' },
    ]);
  });
});
