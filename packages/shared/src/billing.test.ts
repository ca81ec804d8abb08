import { describe, expect, it } from 'vitest';
import { allowanceOf, formatEur, parseTier, tierFor, tierLabel, usagePercent } from './billing.js';
import { validateFullName } from './settings.js';

describe('tiers', () => {
  it('builds and parses every paid tier, and nothing else', () => {
    expect(tierFor('pro', 'weekly')).toBe('pro_weekly');
    expect(parseTier('enterprise_monthly')).toEqual({ plan: 'enterprise', frequency: 'monthly' });
    expect(parseTier('free')).toBeNull();
    expect(parseTier('pro_yearly')).toBeNull();
    expect(parseTier('gold_weekly')).toBeNull();
  });
  it('allowances come from the plan table', () => {
    expect(allowanceOf('pro_weekly')).toBe(10);
    expect(allowanceOf('pro_monthly')).toBe(40);
    expect(allowanceOf('enterprise_weekly')).toBe(25);
    expect(allowanceOf('enterprise_monthly')).toBe(100);
  });
  it('labels and prices read like people write them', () => {
    expect(tierLabel('pro_monthly')).toBe('Pro Monthly');
    expect(tierLabel('free')).toBe('Free');
    expect(formatEur(24, 'en-US')).toBe('€24.00');
    expect(formatEur(7.99, 'en-US')).toBe('€7.99');
    expect(formatEur(16.3, 'en-US')).toBe('€16.30');
    expect(formatEur(16.3, 'de-DE')).toBe('16,30\u00a0€');
  });
  it('usage is used over total, capped, and zero without credits', () => {
    expect(usagePercent(10, 40)).toBe(25);
    expect(usagePercent(5, 0)).toBe(0);
    expect(usagePercent(50, 40)).toBe(100);
  });
});

describe('full name rule of Settings', () => {
  it('refuses empty and blank names', () => {
    expect(validateFullName('')).toBe('Name cannot be empty');
    expect(validateFullName('   ')).toBe('Name cannot be empty');
  });
  it('refuses digits', () => {
    expect(validateFullName('Ada 2')).toBe('Name cannot contain numbers');
  });
  it('accepts letters and spaces, any script', () => {
    expect(validateFullName('Ada Lovelace')).toBeNull();
    expect(validateFullName('Zoë Øster')).toBeNull();
  });
});
