import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { FlaskConical } from 'lucide-react';
import {
  BILLING_FREQUENCIES,
  FREQUENCY_LABELS,
  PAID_PLANS,
  PLANS,
  SUBSCRIPTION_MESSAGES,
  formatEur,
  type BillingFrequency,
  type PaidPlan,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { usePageTitle } from '@/lib/page-title';
import { paymentErrorMessage } from './api';
import { useConfirmTestCheckout } from './mutations';

/**
 * The test provider's checkout: what Stripe Checkout would show, clearly marked as a test. Its
 * confirm button fulfils through the same code path as Stripe's webhook, then returns to the
 * same success address Stripe would.
 */
export function TestCheckoutPage() {
  usePageTitle('Test checkout');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirmation = useConfirmTestCheckout();
  const sessionId = params.get('session_id') ?? '';
  const plan = params.get('plan') as PaidPlan | null;
  const frequency = params.get('frequency') as BillingFrequency | null;
  const cancelUrl = params.get('cancel_url')?.startsWith('/')
    ? params.get('cancel_url')!
    : '/subscription';

  if (
    !sessionId ||
    !plan ||
    !frequency ||
    !PAID_PLANS.includes(plan) ||
    !BILLING_FREQUENCIES.includes(frequency)
  )
    return <Navigate to="/subscription" replace />;

  const price = PLANS[plan][frequency];
  const unit = frequency === 'weekly' ? 'week' : 'month';

  function confirm() {
    confirmation.mutate(sessionId, {
      onSuccess: () =>
        navigate(
          `/subscription?session_id=${encodeURIComponent(sessionId)}&plan=${plan}&type=${frequency}`,
          { replace: true },
        ),
      onError: (error) =>
        toast.error(paymentErrorMessage(error, SUBSCRIPTION_MESSAGES.checkoutFailed)),
    });
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-6 sm:px-8 sm:py-8">
      <div
        role="note"
        className="flex items-start gap-3 rounded-xl border border-dashed border-accent bg-accent-soft p-4 text-sm text-fg"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <p>
          <strong>Test payment.</strong> This server has no payment provider: confirming gives you
          the plan without charging anything.
        </p>
      </div>
      <section
        aria-labelledby="checkout-heading"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      >
        <h1 id="checkout-heading" className="text-xl font-semibold">
          Test checkout
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Plan</dt>
          <dd data-testid="checkout-plan">
            {PLANS[plan].label} {FREQUENCY_LABELS[frequency]}
          </dd>
          <dt className="text-muted">Price</dt>
          <dd>
            {formatEur(price.priceEur)} / {unit}
          </dd>
          <dt className="text-muted">Images</dt>
          <dd>
            {price.credits} per {unit}
          </dd>
        </dl>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            to={cancelUrl}
            className="inline-flex h-10 items-center justify-center rounded-lg border border-border px-4 text-sm font-medium hover:bg-surface-2"
          >
            Cancel
          </Link>
          <Button isLoading={confirmation.isPending || confirmation.isSuccess} onClick={confirm}>
            Confirm test payment
          </Button>
        </div>
      </section>
    </div>
  );
}
