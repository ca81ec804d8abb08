import { describe, expect, it } from 'vitest';
import { isWebAddress } from './webhook-url';

describe('a webhook address', () => {
  it('is an http or https address', () => {
    expect(isWebAddress('https://hooks.example.com/adtwin')).toBe(true);
    expect(isWebAddress('  http://example.com:8080/in?x=1  ')).toBe(true);
  });

  it('refuses other schemes, half addresses and words', () => {
    for (const value of [
      'ftp://example.com',
      'javascript:alert(1)',
      'example.com/hook',
      '',
      'https://',
    ]) {
      expect(isWebAddress(value), value).toBe(false);
    }
  });
});
