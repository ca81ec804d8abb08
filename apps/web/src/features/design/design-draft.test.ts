import { describe, expect, it } from 'vitest';
import { GENERATION_RESUME_WINDOW_MS as DRAFT_MAX_AGE_MS } from '@adtwin/shared';
import { readDesignDraft, type DesignDraft } from './design-draft';

const image = (id: string) => ({
  id,
  name: `${id}.png`,
  url: `/api/images/temp-images/u/${id}.png`,
  createdAt: '2026-11-22T10:00:00.000Z',
  monthYear: 'November 2026',
});
const draft: DesignDraft = {
  generationId: 'g1',
  template: image('t'),
  product: image('p'),
  size: '1024x1024',
  visibility: 'public',
  savedAt: 1_000_000,
};

describe('design draft', () => {
  it('resumes a job saved under 10 minutes ago', () => {
    expect(readDesignDraft(JSON.stringify(draft), draft.savedAt + DRAFT_MAX_AGE_MS - 1)).toEqual(
      draft,
    );
  });
  it('drops older, future, partial or broken drafts', () => {
    expect(readDesignDraft(JSON.stringify(draft), draft.savedAt + DRAFT_MAX_AGE_MS)).toBeNull();
    expect(readDesignDraft(JSON.stringify(draft), draft.savedAt - 1)).toBeNull();
    expect(readDesignDraft(JSON.stringify({ ...draft, product: null }), draft.savedAt)).toBeNull();
    expect(readDesignDraft('{', draft.savedAt)).toBeNull();
    expect(readDesignDraft(null, draft.savedAt)).toBeNull();
  });
});
