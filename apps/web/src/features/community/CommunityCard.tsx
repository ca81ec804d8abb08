import type { ReactNode } from 'react';
import { BarChart3 } from 'lucide-react';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { LazyImage } from '@/components/ui/LazyImage';
import { variantSrcSet, variantUrl } from '@/lib/image-url';
import type { CommunityTemplate } from '@adtwin/shared';

const SIZES = '(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw';

/** A community template: opens on click; `footer` holds the owner's visibility editor. */
export function CommunityCard({
  template,
  onOpen,
  footer,
}: {
  template: CommunityTemplate;
  onOpen: () => void;
  footer?: ReactNode;
}) {
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm"
      data-testid="community-card"
    >
      <button
        type="button"
        onClick={onOpen}
        className="group block text-left"
        aria-label={`Open ${template.name}`}
      >
        <LazyImage
          src={variantUrl(template.imageUrl, { width: 320 })}
          srcSet={variantSrcSet(template.imageUrl, { maxWidth: 640 })}
          sizes={SIZES}
          alt={template.name}
          className="aspect-square w-full"
          fit="contain"
          imgClassName="transition-transform duration-300 group-hover:scale-105"
        />
      </button>
      <div className="flex flex-col gap-2 p-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="line-clamp-1 text-sm font-medium text-fg" title={template.name}>
            {template.name}
          </h3>
          <span
            className="inline-flex items-center gap-1 text-xs text-muted"
            title={BROWSE_MESSAGES.usageTooltip}
          >
            <BarChart3 className="size-4" aria-hidden="true" />
            <span className="sr-only">{BROWSE_MESSAGES.usageTooltip}:</span>
            {template.usageCount}
          </span>
        </div>
        {footer}
      </div>
    </li>
  );
}
