import type { Account } from '@adtwin/shared';

/** The spec's rule: no user_type means not onboarded; otherwise the stored flag decides. */
export function isOnboardingComplete(account: Account): boolean {
  return account.profile.userType ? account.profile.onboardingCompleted : false;
}
