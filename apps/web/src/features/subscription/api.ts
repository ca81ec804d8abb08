import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import {
  SUBSCRIPTION_MESSAGES,
  type BillingFrequency,
  type PaidPlan,
  type PaidTier,
} from '@adtwin/shared';
import { api, ApiError, readJson } from '@/lib/api-client';

export function useSubscription() {
  return useQuery({
    queryKey: queryKeys.subscription,
    queryFn: () => readJson(api.billing.subscription.$get()),
    staleTime: 10_000,
  });
}

/** Reloads everything that shows plan or credits: this page, the sidebar, the profile menu. */
export function refreshBilling(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
    queryClient.invalidateQueries({ queryKey: queryKeys.credits }),
    queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  ]);
}

export function useRefreshBilling() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshBilling(queryClient), [queryClient]);
}

/** The spec's texts for a failed payment call. */
export function paymentErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return SUBSCRIPTION_MESSAGES.sessionNotFound;
    if (error.code === 'no_customer') return SUBSCRIPTION_MESSAGES.customerNotFound;
    if (error.status === 502) return error.message || fallback;
    if (error.status < 500) return error.message;
  }
  if (error instanceof TypeError) return SUBSCRIPTION_MESSAGES.redirectFailed;
  return SUBSCRIPTION_MESSAGES.somethingWrong;
}

export async function startCheckout(planType: PaidPlan, frequency: BillingFrequency) {
  return readJson(api.billing['checkout-session'].$post({ json: { planType, frequency } }));
}

/** The server's word on a checkout the person came back from: paid or open, and its plan. */
export async function readCheckout(sessionId: string) {
  return readJson(api.billing['checkout-session'][':sessionId'].$get({ param: { sessionId } }));
}

export async function openPortal() {
  return readJson(api.billing['portal-session'].$post());
}

export const testBilling = {
  /** The server confirms the plan it recorded for this checkout, whatever the address says. */
  confirm: (body: { sessionId: string }) =>
    readJson(api.billing.test.confirm.$post({ json: body })),
  changePlan: (tier: PaidTier) =>
    readJson(api.billing.test['change-plan'].$post({ json: { tier } })),
  setCancellation: (cancel: boolean) =>
    readJson(api.billing.test.cancel.$post({ json: { cancel } })),
  endPeriod: () => readJson(api.billing.test['end-period'].$post()),
};

/** Goes to a payment address; a missing one is the spec's redirect failure. */
export function redirectTo(url: string | undefined) {
  if (!url) throw new Error(SUBSCRIPTION_MESSAGES.redirectFailed);
  window.location.assign(url);
}
