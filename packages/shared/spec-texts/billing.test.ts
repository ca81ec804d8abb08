import { describe, expect, it } from 'vitest';
import { requireSpecText } from './read-spec.js';
import { PLANS, SUBSCRIPTION_MESSAGES, upgradeSuccessMessage } from '../src/billing.js';
import { DELETE_ACCOUNT_MESSAGES, SETTINGS_MESSAGES } from '../src/settings.js';

const spec = requireSpecText();

describe('billing and settings texts match the specification word for word', () => {
  const all = {
    ...SUBSCRIPTION_MESSAGES,
    ...DELETE_ACCOUNT_MESSAGES,
    ...SETTINGS_MESSAGES,
  };
  it.each(Object.entries(all))('%s', (_key, message) => {
    expect(spec).toContain(message);
  });
  it('success message after checkout', () => {
    expect(spec).toContain(upgradeSuccessMessage('{type}', '{plan}'));
  });
  it('prices and allowances', () => {
    expect(spec).toContain(
      `Pro EUR ${PLANS.pro.weekly.priceEur}/week or EUR ${PLANS.pro.monthly.priceEur}/month. Enterprise EUR ${PLANS.enterprise.weekly.priceEur}/week or EUR ${PLANS.enterprise.monthly.priceEur}/month.`,
    );
    expect(spec).toContain(
      `Pro ${PLANS.pro.weekly.credits} images/week or ${PLANS.pro.monthly.credits}/month. Enterprise ${PLANS.enterprise.weekly.credits} images/week or ${PLANS.enterprise.monthly.credits}/month.`,
    );
  });
});
