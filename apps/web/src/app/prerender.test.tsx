import { describe, expect, it } from 'vitest';
import type { Account } from '@adtwin/shared';
import { PRERENDERED_STATE_ID } from '@/lib/prerendered';
import { queryKeys } from '@/lib/query-keys';
import { ACCOUNT_FETCH, OPENING_TEMPLATES_FETCH, TEMPLATE_CATEGORIES_FETCH } from './page-fetches';
import { renderTemplatesPage, TEMPLATES_PAGE_FETCHES } from './prerender';

const account: Account = {
  id: 'user-1',
  email: 'drawn@example.test',
  fullName: 'Drawn Person',
  avatarUrl: null,
  profile: {
    userType: 'ecommerce',
    source: 'instagram',
    onboardingCompleted: true,
    subscriptionTier: 'free',
    credits: 5,
    creditsUsed: 2,
  },
};
const HTML = '<!doctype html><head><title>Templates</title></head><div id="root"></div>';

describe('the drawn /templates', () => {
  it("shows the account's credits without asking for the credits reply", () => {
    // Every reply asked for is one more request on the server before the page's first byte.
    expect(TEMPLATES_PAGE_FETCHES).toEqual([
      ACCOUNT_FETCH,
      TEMPLATE_CATEGORIES_FETCH,
      OPENING_TEMPLATES_FETCH,
    ]);
    const html = renderTemplatesPage(
      HTML,
      {
        [ACCOUNT_FETCH]: account,
        [TEMPLATE_CATEGORIES_FETCH]: { items: [] },
        [OPENING_TEMPLATES_FETCH]: { items: [] },
      },
      'desktop',
    );
    expect(html).not.toBeNull();
    // The sidebar's count, drawn (React separates the text parts with empty comments).
    const count = /data-testid="credits-count">(.*?)<\/span>/.exec(html!)?.[1];
    expect(count?.replaceAll('<!-- -->', '')).toBe('2 / 5');
    // The app starts from the same credits as GET /api/me/credits answers them.
    const state = new RegExp(`id="${PRERENDERED_STATE_ID}">(.*?)</script>`).exec(html!)?.[1];
    const queries = (
      JSON.parse(state!) as { queries: { queryKey: unknown; state: { data: unknown } }[] }
    ).queries;
    const credits = queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(queryKeys.credits),
    );
    expect(credits?.state.data).toEqual({ credits: 5, creditsUsed: 2, subscriptionTier: 'free' });
  });
});
