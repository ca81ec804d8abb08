import { useState } from 'react';
import { usePageTitle } from '@/lib/page-title';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight, SearchX, X } from 'lucide-react';
import {
  BROWSE_MESSAGES,
  TEMPLATE_SORTS,
  TEMPLATE_SORT_LABELS,
  type TemplateSort,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { usePagedList } from '@/lib/paged-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useIsMobile } from '@/lib/use-media-query';
import { fetchTemplatePage } from './api';
import { CategoryStrip } from './CategoryStrip';
import { categoryLabel, toggleCategory } from './category-selection';
import { TemplateCard } from './TemplateCard';
import { GRID_CLASSES, TemplateGridSkeleton } from './TemplateGridSkeleton';
import { FloatingSearch, TemplateSearchField } from './TemplateSearch';
import { queryKeys } from '@/lib/query-keys';

/**
 * The cards in view when the page opens: the first row of the widest grid (5) is also the first
 * two rows and a half on a phone. Their images load at once; the first two, the page's largest
 * paint on a phone, before anything else.
 */
function cardImagePriority(index: number) {
  if (index < 2) return 'high';
  return index < 5 ? 'eager' : 'lazy';
}

/** /templates: official templates by category, sort and name search, 30 then 10 per Load More. */
export function TemplatesPage() {
  usePageTitle('Templates');
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const sortParam = params.get('sort');
  const sort: TemplateSort = TEMPLATE_SORTS.includes(sortParam as TemplateSort)
    ? (sortParam as TemplateSort)
    : 'most_used';
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const isMobile = useIsMobile();

  const list = usePagedList({
    queryKey: queryKeys.templates({ category, sort, search }),
    fetchPage: (page) => fetchTemplatePage({ category, sort, search, ...page }),
  });

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  }
  const chooseCategory = (clicked: string) =>
    update({ category: toggleCategory(category, clicked) });
  const isSearching = searchInput.trim() !== '';

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 pb-24 md:px-8 md:pb-8">
      <header className="flex flex-col gap-3">
        {category && (
          <nav aria-label="Breadcrumb">
            <ol className="flex items-center gap-1 text-sm text-muted">
              <li>
                <Link
                  to={{
                    pathname: '/templates',
                    search: sort === 'most_used' ? '' : `?sort=${sort}`,
                  }}
                  className="hover:text-fg hover:underline"
                >
                  Templates
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li aria-current="page" className="text-fg">
                {categoryLabel(category)}
              </li>
            </ol>
          </nav>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">
              {category ? `${categoryLabel(category)} templates` : 'Templates'}
            </h1>
            {category && (
              <button
                type="button"
                aria-pressed="true"
                onClick={() => chooseCategory(category)}
                className="inline-flex h-8 items-center gap-1 rounded-full bg-accent-soft px-3 text-sm font-medium text-accent hover:opacity-80"
              >
                {categoryLabel(category)}
                <X className="size-4" aria-hidden="true" />
                <span className="sr-only">(clear category)</span>
              </button>
            )}
          </div>
          <div className="flex items-center gap-2">
            {!isMobile && (
              <TemplateSearchField value={searchInput} onChange={setSearchInput} className="w-64" />
            )}
            <label className="flex items-center gap-2 text-sm text-muted">
              <span>Sort</span>
              <select
                value={sort}
                onChange={(event) =>
                  update({ sort: event.target.value === 'most_used' ? null : event.target.value })
                }
                className="h-10 rounded-lg border border-border bg-surface px-2 text-sm text-fg focus:border-accent focus:outline-none"
              >
                {TEMPLATE_SORTS.map((value) => (
                  <option key={value} value={value}>
                    {TEMPLATE_SORT_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
      </header>

      {!category && <CategoryStrip onChoose={chooseCategory} />}

      <section aria-label="Template results" className="flex flex-col gap-5">
        {list.isPending ? (
          <TemplateGridSkeleton />
        ) : list.isError ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-xl border border-border bg-surface p-6"
          >
            <p className="text-danger">Could not load templates. Please try again.</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
            <SearchX className="size-8 text-muted" aria-hidden="true" />
            <h2 className="text-lg font-semibold text-fg">{BROWSE_MESSAGES.noTemplatesFound}</h2>
            <p className="text-sm text-muted">Try another word or look through every template.</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="secondary" onClick={() => setSearchInput('')}>
                {BROWSE_MESSAGES.clearSearch}
              </Button>
              <Button
                onClick={() => {
                  setSearchInput('');
                  setParams(new URLSearchParams());
                }}
              >
                {BROWSE_MESSAGES.viewAllTemplates}
              </Button>
            </div>
          </div>
        ) : (
          <ul className={GRID_CLASSES} aria-label="Templates">
            {list.items.map((template, index) => (
              <TemplateCard
                key={template.id}
                template={template}
                imagePriority={cardImagePriority(index)}
              />
            ))}
          </ul>
        )}
        {list.isFetchingNextPage && <TemplateGridSkeleton count={5} />}
        {!isSearching && list.hasNextPage && !list.isFetchingNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
              {BROWSE_MESSAGES.loadMore}
            </Button>
          </div>
        )}
      </section>
      {isMobile && <FloatingSearch value={searchInput} onChange={setSearchInput} />}
    </div>
  );
}
