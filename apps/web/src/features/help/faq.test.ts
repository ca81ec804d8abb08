import { describe, expect, it } from 'vitest';
import { FAQ_TABS } from './faq';

const allAnswers = FAQ_TABS.flatMap((tab) => tab.items.map((item) => item.answer)).join('\n');

describe('help centre answers', () => {
  it('has the four tabs of the spec, in order, none empty', () => {
    expect(FAQ_TABS.map((tab) => tab.label)).toEqual([
      'Templates',
      'Community',
      'Design',
      'General',
    ]);
    for (const tab of FAQ_TABS) expect(tab.items.length).toBeGreaterThan(0);
  });
  it("states the spec's facts", () => {
    expect(allAnswers).toMatch(/refreshed every week, on Sundays/);
    expect(allAnswers).toMatch(/Free users’ templates are always public/);
    expect(allAnswers).toMatch(/Only Latin characters are supported for text replacement/);
    expect(allAnswers).toMatch(/About 95%.*95-99% with clean/);
  });
});
