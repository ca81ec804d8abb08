import { describe, expect, it } from 'vitest';
import { hugePagesWarning } from '../src/ml/huge-pages.js';

describe('hugePagesWarning', () => {
  it('warns on glibc when the tunable is missing, among others or alone', () => {
    expect(hugePagesWarning({}, '2.36')).toMatch(
      /GLIBC_TUNABLES does not hold glibc\.malloc\.hugetlb=1/,
    );
    expect(hugePagesWarning({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, '2.36')).not.toBeNull();
    expect(hugePagesWarning({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=12' }, '2.36')).not.toBeNull();
  });

  it('is quiet when the tunable is set, or without glibc', () => {
    expect(hugePagesWarning({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' }, '2.36')).toBeNull();
    expect(
      hugePagesWarning(
        { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1' },
        '2.36',
      ),
    ).toBeNull();
    expect(hugePagesWarning({}, null)).toBeNull();
  });
});
