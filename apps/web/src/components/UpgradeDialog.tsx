import { Link } from 'react-router';
import { UPGRADE_FEATURES } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';

const COPY: Record<string, { title: string; text: string }> = {
  [UPGRADE_FEATURES.generation]: {
    title: 'Upgrade to keep creating',
    text: 'AI image generation uses one credit per image, and you have used all of yours. Upgrade to Pro or Enterprise for more images every week or month.',
  },
  [UPGRADE_FEATURES.privateTemplates]: {
    title: 'Upgrade to use private templates',
    text: 'Free plans keep every template public. Upgrade to Pro or Enterprise to make templates private.',
  },
};

/** The upgrade modal, opened for a paid feature ('AI image generation', 'private templates'...). */
export function UpgradeDialog({
  feature,
  onClose,
}: {
  /** The feature that needs a paid plan; null keeps the dialog closed. */
  feature: string | null;
  onClose: () => void;
}) {
  const copy = (feature && COPY[feature]) || {
    title: 'Upgrade your plan',
    text: `${feature ?? 'This feature'} is available on paid plans.`,
  };
  return (
    <Dialog
      isOpen={feature !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={copy.title}
    >
      <p className="text-sm text-muted">{copy.text}</p>
      <div className="mt-1 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
        <Link
          to="/subscription"
          onClick={onClose}
          className="inline-flex h-10 items-center rounded-lg bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          Upgrade
        </Link>
      </div>
    </Dialog>
  );
}
