import { describe, expect, it } from 'vitest';
import { SLOW_CREATE_LABEL } from '@adtwin/shared';
import type { GenerationStep } from './api';
import { stepLabel } from './step-label';

const at = '2026-11-22T10:00:00.000Z';
const start = Date.parse(at);
const creating: GenerationStep = { key: 'create', label: 'Creating image', status: 'active', at };

describe('step labels', () => {
  it('the creating step reads as slow after 30 seconds, not before', () => {
    expect(stepLabel(creating, start + 29_999, 0)).toBe('Creating image');
    expect(stepLabel(creating, start + 30_000, 0)).toBe(SLOW_CREATE_LABEL);
  });

  it('counts from when the dialog opened when the server gave no time', () => {
    const { at: _unused, ...withoutTime } = creating;
    expect(stepLabel(withoutTime, 40_000, 10_001)).toBe('Creating image');
    expect(stepLabel(withoutTime, 40_000, 10_000)).toBe(SLOW_CREATE_LABEL);
  });

  it('other steps, and a finished creating step, keep their own label', () => {
    expect(stepLabel({ ...creating, status: 'complete' }, start + 60_000, 0)).toBe(
      'Creating image',
    );
    expect(
      stepLabel(
        { key: 'check', label: 'Checking upload', status: 'active', at },
        start + 60_000,
        0,
      ),
    ).toBe('Checking upload');
  });
});
