import { useQuery } from '@tanstack/react-query';
import { CATEGORIES } from '@adtwin/shared';
import { LazyImage } from '@/components/ui/LazyImage';
import { Skeleton } from '@/components/ui/Skeleton';
import { variantUrl } from '@/lib/image-url';
import { fetchCategories } from './api';
import { categoryLabel } from './category-selection';
import { queryKeys } from '@/lib/query-keys';

/** The category cards in view on a phone when the page opens; their images load at once. */
const CATEGORIES_IN_VIEW = 3;

/** The horizontal strip of category cards, shown while no category is chosen. */
export function CategoryStrip({ onChoose }: { onChoose: (category: string) => void }) {
  const categories = useQuery({
    queryKey: queryKeys.templateCategories,
    queryFn: fetchCategories,
    staleTime: 300_000,
  });
  return (
    <nav aria-label="Categories" className="-mx-1 overflow-x-auto pb-2">
      <ul className="flex gap-3 px-1">
        {categories.isPending
          ? CATEGORIES.map((category) => (
              <li key={category}>
                <Skeleton className="h-24 w-32" />
              </li>
            ))
          : (categories.data ?? CATEGORIES.map((category) => ({ category, imageUrl: null }))).map(
              (item, index) => (
                <li key={item.category} className="shrink-0">
                  <button
                    type="button"
                    aria-pressed={false}
                    onClick={() => onChoose(item.category)}
                    className="group relative flex h-24 w-32 flex-col justify-end overflow-hidden rounded-xl border border-border bg-surface text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {item.imageUrl && (
                      <LazyImage
                        src={variantUrl(item.imageUrl, { width: 256, height: 192 })}
                        alt=""
                        className="absolute inset-0"
                        priority={index < CATEGORIES_IN_VIEW ? 'eager' : 'lazy'}
                      />
                    )}
                    <span className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-transparent" />
                    <span className="relative px-3 pb-2 text-sm font-semibold text-white">
                      {categoryLabel(item.category)}
                    </span>
                  </button>
                </li>
              ),
            )}
      </ul>
    </nav>
  );
}
