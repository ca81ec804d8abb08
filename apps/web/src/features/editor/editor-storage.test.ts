import { beforeEach, describe, expect, it } from 'vitest';
import { GENERATION_RESUME_WINDOW_MS as RESUME_WINDOW_MS } from '@adtwin/shared';
import { lastTemplate, runningJob } from './editor-storage';

// Node has no localStorage; a Map behind the same four methods stands in for the browser's.
const entries = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => entries.get(key) ?? null,
  setItem: (key: string, value: string) => void entries.set(key, value),
  removeItem: (key: string) => void entries.delete(key),
  clear: () => entries.clear(),
} as Storage;

describe('editor storage', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the last template and ignores tampered values', () => {
    expect(lastTemplate.read()).toBeNull();
    lastTemplate.save({ kind: 'official', id: 4 });
    expect(lastTemplate.read()).toEqual({ kind: 'official', id: 4 });
    localStorage.setItem('adtwin:editor:last-template', '{"kind":"official","id":"4; drop"}');
    expect(lastTemplate.read()).toBeNull();
    localStorage.setItem('adtwin:editor:last-template', 'not json');
    expect(lastTemplate.read()).toBeNull();
  });

  it('resumes a running job only for its template and under ten minutes', () => {
    const template = { kind: 'official', id: 4 } as const;
    runningJob.save(template, 'job-1', 1_000);
    expect(runningJob.resume(template, 1_000 + RESUME_WINDOW_MS - 1)).toBe('job-1');
    expect(runningJob.resume(template, 1_000 + RESUME_WINDOW_MS)).toBeNull();
    expect(runningJob.resume({ kind: 'official', id: 5 }, 2_000)).toBeNull();
    runningJob.clear();
    expect(runningJob.resume(template, 2_000)).toBeNull();
  });
});
