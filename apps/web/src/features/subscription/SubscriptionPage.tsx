import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { Check, Crown, Sparkles } from 'lucide-react';
import {
  BILLING_FREQUENCIES,
  CHECKOUT_RETURN_REFRESH_MS,
  DEFAULT_BILLING_FREQUENCY,
  FREQUENCY_LABELS,
  PAID_PLANS,
  PLANS,
  SUBSCRIPTION_MESSAGES,
  formatEur,
  parseTier,
  tierLabel,
  upgradeSuccessMessage,
  usagePercent,
  type BillingFrequency,
  type PaidPlan,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { useAccount } from '@/lib/account';
import { usePageTitle } from '@/lib/page-title';
import { useClientConfig } from '@/lib/use-client-config';
import { paymentErrorMessage, readCheckout, useRefreshBilling, useSubscription } from './api';
import { useOpenPortal, useStartCheckout } from './mutations';

const isFrequency = (value: string | null): value is BillingFrequency =>
  (BILLING_FREQUENCIES as readonly (string | null)[]).includes(value);
const isPlan = (value: string | null): value is PaidPlan =>
  (PAID_PLANS as readonly (string | null)[]).includes(value);

const CHECKOUT_REFRESH_DELAYS = [
  CHECKOUT_RETURN_REFRESH_MS,
  CHECKOUT_RETURN_REFRESH_MS * 3,
  CHECKOUT_RETURN_REFRESH_MS * 6,
];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Said when the return address names a checkout the server does not confirm as paid. */
export const CHECKOUT_NOT_CONFIRMED =
  'We could not confirm this payment. If you paid, your plan appears here within a minute.';

/** What each billing period is for, under the switch. */
const FREQUENCY_COPY: Record<BillingFrequency, string> = {
  weekly: 'Weekly plans suit a launch or a busy week. Cancel any time.',
  monthly: 'Monthly plans cost less per image, for a steady flow of products.',
};
const PERIOD_WORD: Record<BillingFrequency, string> = { weekly: 'week', monthly: 'month' };

export function SubscriptionPage() {
  usePageTitle('Subscription');
  const [params, setParams] = useSearchParams();
  const subscription = useSubscription();
  const account = useAccount();
  const clientConfig = useClientConfig();
  const refreshBilling = useRefreshBilling();
  const current = subscription.data ? parseTier(subscription.data.tier) : null;
  const requestedFrequency = params.get('frequency');
  // The address's choice first, then the person's own billing period, then the default.
  const [chosenFrequency, setFrequency] = useState<BillingFrequency | null>(
    isFrequency(requestedFrequency) ? requestedFrequency : null,
  );
  const frequency = chosenFrequency ?? current?.frequency ?? DEFAULT_BILLING_FREQUENCY;
  const highlighted = isPlan(params.get('plan')) ? (params.get('plan') as PaidPlan) : null;
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  // A plan's button stays busy from the click until the browser has left for the payment page.
  const busyPlan =
    (checkout.isPending || checkout.isSuccess) && checkout.variables
      ? checkout.variables.plan
      : portal.isPending || portal.isSuccess
        ? (current?.plan ?? null) // the portal is opened from the person's own plan
        : null;
  const handledSession = useRef<string | null>(null);

  // Back from checkout: the address proves nothing, so the server is asked whether this
  // person's checkout was paid and for which plan. Then credits are read again after 1 s (the
  // spec); a webhook can land later than that, so the read is repeated twice more.
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);
  useEffect(() => {
    const sessionId = params.get('session_id');
    if (!sessionId || handledSession.current === sessionId) return;
    handledSession.current = sessionId;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('session_id');
        next.delete('type');
        next.delete('plan');
        return next;
      },
      { replace: true },
    );
    readCheckout(sessionId)
      .then((checkout) => {
        if (checkout.status !== 'paid') {
          toast.error(CHECKOUT_NOT_CONFIRMED);
          return;
        }
        toast.success(
          upgradeSuccessMessage(FREQUENCY_LABELS[checkout.frequency], PLANS[checkout.plan].label),
        );
        setFrequency(checkout.frequency);
        timers.current = CHECKOUT_REFRESH_DELAYS.map((delay) =>
          window.setTimeout(() => void refreshBilling(), delay),
        );
      })
      .catch(() => toast.error(CHECKOUT_NOT_CONFIRMED));
  }, [params, refreshBilling, setParams]);

  function upgrade(plan: PaidPlan) {
    // The session ended in another tab: say so before calling the server.
    if (account.data === null) {
      toast.error(SUBSCRIPTION_MESSAGES.mustBeLoggedIn);
      return;
    }
    checkout.mutate(
      { plan, frequency },
      {
        onError: (error) =>
          toast.error(paymentErrorMessage(error, SUBSCRIPTION_MESSAGES.checkoutFailed)),
      },
    );
  }

  function manage() {
    portal.mutate(undefined, {
      onError: (error) =>
        toast.error(paymentErrorMessage(error, SUBSCRIPTION_MESSAGES.redirectFailed)),
    });
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <PageHeader title="Subscription" description="Plans and usage. One credit makes one image." />

      <UsageCard subscription={subscription} />

      <div className="flex flex-col items-center gap-2">
        <div
          role="radiogroup"
          aria-label="Billing frequency"
          className="inline-flex rounded-full border border-border bg-surface p-1"
        >
          {BILLING_FREQUENCIES.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={frequency === value}
              onClick={() => setFrequency(value)}
              className={cn(
                'h-9 rounded-full px-5 text-sm font-medium transition-colors',
                frequency === value ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg',
              )}
            >
              {FREQUENCY_LABELS[value]}
            </button>
          ))}
        </div>
        <p className="text-center text-sm text-muted" data-testid="frequency-copy">
          {FREQUENCY_COPY[frequency]}
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <FreePlanCard
          isCurrent={subscription.data?.tier === 'free'}
          freeCredits={clientConfig.data?.freeCredits}
        />
        {PAID_PLANS.map((planId) => {
          const plan = PLANS[planId];
          const price = plan[frequency];
          const isCurrent = current?.plan === planId && current.frequency === frequency;
          return (
            <section
              key={planId}
              aria-labelledby={`plan-${planId}`}
              data-testid={`plan-${planId}`}
              className={cn(
                'flex flex-col gap-4 rounded-2xl border bg-surface p-5 shadow-sm',
                isCurrent || highlighted === planId
                  ? 'border-accent ring-2 ring-accent/30'
                  : 'border-border',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h2 id={`plan-${planId}`} className="flex items-center gap-2 text-lg font-semibold">
                  {planId === 'enterprise' ? (
                    <Crown className="size-5 text-accent" aria-hidden="true" />
                  ) : (
                    <Sparkles className="size-5 text-accent" aria-hidden="true" />
                  )}
                  {plan.label}
                </h2>
                {isCurrent && (
                  <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent">
                    Current plan
                  </span>
                )}
              </div>
              <p className="text-sm text-muted">{plan.description}</p>
              <p className="flex items-baseline gap-1">
                <span className="text-3xl font-bold tracking-tight">
                  {formatEur(price.priceEur)}
                </span>
                <span className="text-sm text-muted">/ {PERIOD_WORD[frequency]}</span>
              </p>
              <p className="-mt-3 text-xs text-muted">
                Billed every {PERIOD_WORD[frequency]} · {formatEur(price.priceEur / price.credits)}{' '}
                per image
              </p>
              <ul className="flex flex-col gap-2 text-sm">
                <li className="flex items-center gap-2">
                  <Check className="size-4 text-success" aria-hidden="true" />
                  {price.credits} images per {PERIOD_WORD[frequency]}
                </li>
                {plan.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check className="size-4 text-success" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-auto">
                {subscription.isPending ? (
                  <Skeleton className="h-10 w-full" />
                ) : (
                  <Button
                    className="w-full"
                    variant={isCurrent ? 'secondary' : 'primary'}
                    isLoading={busyPlan === planId}
                    disabled={
                      busyPlan !== null ||
                      subscription.isError ||
                      subscription.data?.provider === 'none'
                    }
                    onClick={() => (isCurrent ? manage() : upgrade(planId))}
                    aria-label={`${isCurrent ? 'Manage' : 'Upgrade to'} ${plan.label} ${FREQUENCY_LABELS[frequency]}`}
                  >
                    {isCurrent ? 'Manage' : 'Upgrade'}
                  </Button>
                )}
              </div>
            </section>
          );
        })}
      </div>
      {subscription.data?.provider === 'test' && (
        <p className="text-center text-xs text-muted">
          This server takes no payments: plans are tried through a test checkout.
        </p>
      )}
      {subscription.data?.provider === 'none' && (
        <p role="status" className="text-center text-sm text-muted">
          Payments are not configured on this server. An administrator can grant plans.
        </p>
      )}
    </div>
  );
}

/** The free plan beside the paid ones, so what an upgrade adds can be compared. */
function FreePlanCard({ isCurrent, freeCredits }: { isCurrent: boolean; freeCredits?: number }) {
  return (
    <section
      aria-labelledby="plan-free"
      data-testid="plan-free"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border bg-surface p-5 shadow-sm',
        isCurrent ? 'border-accent ring-2 ring-accent/30' : 'border-border',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="plan-free" className="text-lg font-semibold">
          Free
        </h2>
        {isCurrent && (
          <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent">
            Current plan
          </span>
        )}
      </div>
      <p className="text-sm text-muted">To try the app with your own products.</p>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight">{formatEur(0)}</span>
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        <li className="flex items-center gap-2">
          <Check className="size-4 text-success" aria-hidden="true" />
          {freeCredits === undefined
            ? 'Images to start with'
            : `${freeCredits} images to start with`}
        </li>
        <li className="flex items-center gap-2">
          <Check className="size-4 text-success" aria-hidden="true" />
          Every template in the library
        </li>
        <li className="flex items-center gap-2">
          <Check className="size-4 text-success" aria-hidden="true" />
          Community templates
        </li>
      </ul>
    </section>
  );
}

function UsageCard({ subscription }: { subscription: ReturnType<typeof useSubscription> }) {
  if (subscription.isPending)
    return (
      <div
        className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
        aria-busy="true"
      >
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-4 w-56" />
      </div>
    );
  if (subscription.isError || !subscription.data)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface p-5 text-danger"
      >
        {SUBSCRIPTION_MESSAGES.somethingWrong}
        <Button variant="secondary" onClick={() => void subscription.refetch()}>
          Try again
        </Button>
      </div>
    );
  const data = subscription.data;
  const percent = usagePercent(data.creditsUsed, data.credits);
  const periodEnd = data.periodEndsAt ? dateFormat.format(new Date(data.periodEndsAt)) : null;
  return (
    <section
      aria-labelledby="usage-heading"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage-heading" className="text-base font-semibold">
          Usage · <span data-testid="current-plan">{tierLabel(data.tier)}</span>
        </h2>
        <p className="text-sm text-muted" data-testid="usage-count">
          {data.creditsUsed} / {data.credits} credits used ({percent}%)
        </p>
      </div>
      <ProgressBar
        value={data.creditsUsed}
        max={data.credits}
        label="Credits used this period"
        className="h-2.5"
      />
      {data.tier !== 'free' && periodEnd && (
        <p className="text-sm text-muted" data-testid="period-status">
          {data.cancelAtPeriodEnd
            ? `Cancelled: your plan ends on ${periodEnd}.`
            : data.status === 'past_due'
              ? `Payment failed: update your payment method before ${periodEnd}.`
              : `Renews on ${periodEnd}.`}
        </p>
      )}
    </section>
  );
}
