import { SKELETON_CARD_COUNT } from '@adtwin/shared';
import { Skeleton } from '@/components/ui/Skeleton';

export const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5';

/** The 24-card skeleton of the grid while the first page loads. */
export function TemplateGridSkeleton({ count = SKELETON_CARD_COUNT }: { count?: number }) {
  return (
    <ul
      className={GRID_CLASSES}
      aria-busy="true"
      aria-label="Loading templates"
      data-testid="grid-skeleton"
    >
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-0 pb-3"
        >
          <Skeleton className="aspect-square w-full rounded-b-none" />
          <Skeleton className="mx-3 h-4 w-3/4" />
          <Skeleton className="mx-3 h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}
