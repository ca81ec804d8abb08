import { describe, expect, it } from 'vitest';
import { describeWhen } from './relative-time';

const now = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('when a key was used', () => {
  it('reads as a person says it', () => {
    expect(describeWhen(ago(20_000), now)).toBe('just now');
    expect(describeWhen(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(describeWhen(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(describeWhen(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(describeWhen(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('names the date past a week, and says so when the date is unreadable', () => {
    expect(describeWhen('2026-10-01T12:00:00Z', now)).toBe('Oct 1, 2026');
    expect(describeWhen('not a date', now)).toBe('unknown');
  });

  it('treats a time slightly ahead (clock skew) as just now', () => {
    expect(describeWhen(ago(-3_000), now)).toBe('just now');
  });
});
