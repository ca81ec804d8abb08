import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import toast from 'react-hot-toast';
import { ArrowLeft, FlaskConical } from 'lucide-react';
import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TIERS,
  allowanceOf,
  formatEur,
  isKnownPaidTier,
  parseTier,
  PLANS,
  tierLabel,
  type PaidTier,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { usePageTitle } from '@/lib/page-title';
import { paymentErrorMessage, useSubscription } from './api';
import { useChangeTestSubscription, type TestPortalChange } from './mutations';

const PAID_TIERS = SUBSCRIPTION_TIERS.filter(isKnownPaidTier);
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Which button shows the spinner: the tier switched to, or the change's own button. */
function busyLabel(change: TestPortalChange): string {
  return change.kind === 'switch' ? change.tier : change.kind;
}

/** The test provider's customer portal: switch plan, cancel or resume, and a test clock. */
export function ManageSubscriptionPage() {
  usePageTitle('Manage subscription');
  const subscription = useSubscription();
  const change = useChangeTestSubscription();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const busy = change.isPending ? busyLabel(change.variables) : null;

  function run(next: TestPortalChange, success: string) {
    change.mutate(next, {
      onSuccess: () => toast.success(success),
      onError: (error) =>
        toast.error(paymentErrorMessage(error, SUBSCRIPTION_MESSAGES.somethingWrong)),
    });
  }

  if (subscription.data?.provider === 'stripe') return <Navigate to="/subscription" replace />;
  const data = subscription.data;
  const tier = data?.tier ?? 'free';
  const periodEnd = data?.periodEndsAt ? dateFormat.format(new Date(data.periodEndsAt)) : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-8 sm:py-8">
      <Link
        to="/subscription"
        className="inline-flex items-center gap-1.5 self-start text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Subscription
      </Link>
      <PageHeader title="Manage subscription" />
      <div
        role="note"
        className="flex items-start gap-3 rounded-xl border border-dashed border-accent bg-accent-soft p-4 text-sm"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <p>
          <strong>Test payments.</strong> Changes here take effect at once and charge nothing.
        </p>
      </div>
      {subscription.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : subscription.isError || !data ? (
        <p role="alert" className="text-danger">
          {SUBSCRIPTION_MESSAGES.somethingWrong}
        </p>
      ) : !isKnownPaidTier(tier) ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-surface p-5">
          <p>You are on the free plan: there is no subscription to manage.</p>
          <Link to="/subscription" className="text-sm font-medium text-accent hover:underline">
            See the plans
          </Link>
        </div>
      ) : (
        <>
          <section
            aria-labelledby="current-heading"
            className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-5"
          >
            <h2 id="current-heading" className="text-base font-semibold">
              Current plan: <span data-testid="manage-current-plan">{tierLabel(tier)}</span>
            </h2>
            <p className="text-sm text-muted">
              {data.cancelAtPeriodEnd
                ? `Cancelled: ends on ${periodEnd}.`
                : `Renews on ${periodEnd}.`}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {data.cancelAtPeriodEnd ? (
                <Button
                  variant="secondary"
                  isLoading={busy === 'resume'}
                  disabled={busy !== null}
                  onClick={() => run({ kind: 'resume' }, 'Subscription resumed.')}
                >
                  Resume subscription
                </Button>
              ) : (
                <Button
                  variant="danger"
                  isLoading={busy === 'cancel'}
                  disabled={busy !== null}
                  onClick={() => setIsConfirmingCancel(true)}
                >
                  Cancel subscription
                </Button>
              )}
              <Dialog
                isOpen={isConfirmingCancel}
                onOpenChange={setIsConfirmingCancel}
                title="Cancel your subscription?"
                description={`You keep ${tierLabel(tier)} until ${periodEnd}; then your account returns to the free plan and nothing more is charged.`}
              >
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="secondary" onClick={() => setIsConfirmingCancel(false)}>
                    Keep subscription
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => {
                      setIsConfirmingCancel(false);
                      run({ kind: 'cancel' }, 'Subscription cancelled.');
                    }}
                  >
                    Yes, cancel
                  </Button>
                </div>
              </Dialog>
              <Button
                variant="secondary"
                isLoading={busy === 'end-period'}
                disabled={busy !== null}
                onClick={() => run({ kind: 'end-period' }, 'The period has ended.')}
              >
                End period now (test clock)
              </Button>
            </div>
          </section>
          <section aria-labelledby="switch-heading" className="flex flex-col gap-3">
            <h2 id="switch-heading" className="text-base font-semibold">
              Switch plan
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {PAID_TIERS.map((option: PaidTier) => {
                const parsed = parseTier(option)!;
                const price = PLANS[parsed.plan][parsed.frequency];
                const isCurrent = option === tier;
                return (
                  <li
                    key={option}
                    className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface p-4"
                  >
                    <div>
                      <p className="font-medium">{tierLabel(option)}</p>
                      <p className="text-sm text-muted">
                        {formatEur(price.priceEur)} · {allowanceOf(option)} images
                      </p>
                    </div>
                    <Button
                      variant={isCurrent ? 'ghost' : 'secondary'}
                      disabled={isCurrent || busy !== null}
                      isLoading={busy === option}
                      aria-label={
                        isCurrent
                          ? `${tierLabel(option)} is your plan`
                          : `Switch to ${tierLabel(option)}`
                      }
                      onClick={() =>
                        run({ kind: 'switch', tier: option }, `Switched to ${tierLabel(option)}.`)
                      }
                    >
                      {isCurrent ? 'Current' : 'Switch'}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
