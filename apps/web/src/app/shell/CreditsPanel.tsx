import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { isPaidTier, usagePercent } from '@adtwin/shared';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { Tooltip } from '@/components/ui/Tooltip';
import { useCredits } from '@/lib/account';

/** Credits used against credits total, and the upgrade prompt for free users. */
export function CreditsPanel({ isCollapsed }: { isCollapsed: boolean }) {
  const { data, isPending } = useCredits();
  // The spec's fallbacks: credits 0 and the free tier when they cannot be read.
  const credits = data?.credits ?? 0;
  const creditsUsed = data?.creditsUsed ?? 0;
  const isFree = !isPaidTier(data?.subscriptionTier ?? 'free');

  if (isCollapsed) {
    // The narrow column keeps how many credits are used (a thin bar and the count), and for free
    // users the upgrade.
    const summary = `Credits: ${creditsUsed} of ${credits} used`;
    return (
      <div className="flex flex-col items-center gap-2">
        {!isPending && (
          <Tooltip content={summary}>
            <Link
              to="/subscription"
              aria-label={summary}
              className="flex w-12 flex-col items-center gap-1 rounded-lg py-1.5 hover:bg-surface-2"
              data-testid="credits-indicator"
            >
              <span className="text-xs font-medium tabular-nums text-fg" aria-hidden="true">
                {creditsUsed}/{credits}
              </span>
              <span
                className="h-1 w-8 overflow-hidden rounded-full bg-surface-2"
                aria-hidden="true"
              >
                <span
                  className="block h-full rounded-full bg-accent"
                  style={{ width: `${usagePercent(creditsUsed, credits)}%` }}
                />
              </span>
            </Link>
          </Tooltip>
        )}
        {isFree && !isPending && (
          <Tooltip content="Upgrade to Pro">
            <Link
              to="/subscription"
              aria-label="Upgrade to Pro"
              className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-fg hover:bg-accent-hover"
            >
              <Sparkles className="size-5" aria-hidden="true" />
            </Link>
          </Tooltip>
        )}
      </div>
    );
  }

  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface-2/60 p-3"
      data-testid="credits-panel"
    >
      {isPending ? (
        <p className="text-xs text-muted">Loading credits...</p>
      ) : (
        <>
          <div className="flex items-baseline justify-between text-xs">
            <span className="font-medium text-fg">Credits</span>
            <span className="text-muted" data-testid="credits-count">
              {creditsUsed} / {credits}
            </span>
          </div>
          <ProgressBar value={creditsUsed} max={credits} label="Credits used" />
        </>
      )}
      {isFree && !isPending && (
        <Link
          to="/subscription"
          className="mt-1 inline-flex h-9 items-center justify-center gap-2 rounded-lg bg-accent text-sm font-medium text-accent-fg hover:bg-accent-hover"
        >
          <Sparkles className="size-4" aria-hidden="true" />
          Upgrade to Pro
        </Link>
      )}
    </div>
  );
}
