import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingFrequency, PaidPlan, PaidTier } from '@adtwin/shared';
import { openPortal, redirectTo, refreshBilling, startCheckout, testBilling } from './api';

/**
 * Every payment call answers a 401 with the spec's own text ("User session not found. Please log
 * in again.", see `paymentErrorMessage`), on the page where it happened.
 */
const PAYMENT_CALL_META = { showsOwnSignedOutText: true };

/** Opens the checkout of a plan: pending until the browser leaves for the payment page. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async ({ plan, frequency }: { plan: PaidPlan; frequency: BillingFrequency }) => {
      const { url } = await startCheckout(plan, frequency);
      redirectTo(url);
    },
    meta: PAYMENT_CALL_META,
  });
}

/** Opens the provider's customer portal, where a paying person manages their plan. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await openPortal();
      redirectTo(url);
    },
    meta: PAYMENT_CALL_META,
  });
}

/** The test checkout's confirm: pending until plan and credits on every page are read again. */
export function useConfirmTestCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => testBilling.confirm({ sessionId }),
    onSuccess: () => refreshBilling(queryClient),
    meta: PAYMENT_CALL_META,
  });
}

/** What the test provider's portal can change. */
export type TestPortalChange =
  | { kind: 'switch'; tier: PaidTier }
  | { kind: 'cancel' }
  | { kind: 'resume' }
  | { kind: 'end-period' };

function applyTestPortalChange(change: TestPortalChange) {
  switch (change.kind) {
    case 'switch':
      return testBilling.changePlan(change.tier);
    case 'cancel':
      return testBilling.setCancellation(true);
    case 'resume':
      return testBilling.setCancellation(false);
    case 'end-period':
      return testBilling.endPeriod();
  }
}

/** One change in the test portal: pending until plan and credits on every page are read again. */
export function useChangeTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyTestPortalChange,
    onSuccess: () => refreshBilling(queryClient),
    meta: PAYMENT_CALL_META,
  });
}
