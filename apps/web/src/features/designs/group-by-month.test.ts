import { describe, expect, it } from 'vitest';
import { groupByMonth } from './group-by-month';

describe('groupByMonth', () => {
  it('keeps order and starts a new group when the month changes', () => {
    const groups = groupByMonth([
      { id: 1, monthYear: 'March 2026' },
      { id: 2, monthYear: 'March 2026' },
      { id: 3, monthYear: 'January 2026' },
    ]);
    expect(groups.map((group) => [group.month, group.items.map((item) => item.id)])).toEqual([
      ['March 2026', [1, 2]],
      ['January 2026', [3]],
    ]);
  });
});
