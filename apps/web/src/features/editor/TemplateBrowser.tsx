import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { Search } from 'lucide-react';
import { CATEGORIES, PAGE_SIZE, countOf, type Paging } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { LazyImage } from '@/components/ui/LazyImage';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { api, readJson } from '@/lib/api-client';
import { variantUrl } from '@/lib/image-url';
import { pagingQuery, usePagedList } from '@/lib/paged-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { TemplateRef } from './editor-route';
import { queryKeys } from '@/lib/query-keys';

type Tile = { ref: TemplateRef; name: string; imageUrl: string };
type TabId = 'templates' | 'community';

const label = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

async function fetchOfficialTiles(
  options: { search: string; category: string },
  page: Paging,
): Promise<Tile[]> {
  const { items } = await readJson(
    api.templates.$get({
      query: {
        ...pagingQuery(page),
        sort: 'most_used',
        ...(options.category ? { category: options.category } : {}),
        ...(options.search ? { search: options.search } : {}),
      },
    }),
  );
  return items.map((item) => ({
    ref: { kind: 'official', id: item.id },
    name: item.name,
    imageUrl: item.imageUrl,
  }));
}

async function fetchCommunityTiles(
  options: { search: string; owner: string },
  page: Paging,
): Promise<Tile[]> {
  const query = {
    ...pagingQuery(page),
    ...(options.search ? { search: options.search } : {}),
  };
  const { items } =
    options.owner === 'mine'
      ? await readJson(api['my-templates'].$get({ query }))
      : await readJson(api['community-templates'].$get({ query }));
  return items.map((item) => ({
    ref: { kind: 'community', id: item.id },
    name: item.name,
    imageUrl: item.imageUrl,
  }));
}

/**
 * The right panel's Templates and Community tabs: search, a filter and Load More (hidden while
 * searching, as on /templates). Picking a tile opens that template in the editor.
 */
export function TemplateBrowser({
  initialTab,
  onPick,
}: {
  initialTab: TabId;
  onPick: (template: TemplateRef) => void;
}) {
  return (
    <Tabs.Root defaultValue={initialTab} className="flex min-h-0 flex-1 flex-col gap-3">
      <Tabs.List
        aria-label="Template sources"
        className="grid grid-cols-2 gap-1 rounded-lg bg-surface-2 p-1"
      >
        {(['templates', 'community'] as const).map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="h-9 rounded-md text-sm font-medium text-muted data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm"
          >
            {tab === 'templates' ? 'Templates' : 'Community'}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="templates" className="flex min-h-0 flex-1 flex-col gap-3">
        <TileList
          kind="templates"
          filterLabel="Category"
          filterOptions={[
            { value: '', label: 'All categories' },
            ...CATEGORIES.map((category) => ({ value: category, label: label(category) })),
          ]}
          fetchPage={(options, page) =>
            fetchOfficialTiles({ search: options.search, category: options.filter }, page)
          }
          onPick={onPick}
        />
      </Tabs.Content>
      <Tabs.Content value="community" className="flex min-h-0 flex-1 flex-col gap-3">
        <TileList
          kind="community"
          filterLabel="Show"
          filterOptions={[
            { value: '', label: 'Community templates' },
            { value: 'mine', label: 'My templates' },
          ]}
          fetchPage={(options, page) =>
            fetchCommunityTiles({ search: options.search, owner: options.filter }, page)
          }
          onPick={onPick}
        />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Tiles with checkboxes instead of one click to open. */
type TileSelection = {
  isSelected: (tile: Tile) => boolean;
  /** A full selection leaves only the picked tiles' boxes usable. */
  isFull: boolean;
  onToggle: (tile: Tile) => void;
};

function TileList({
  kind,
  filterLabel,
  filterOptions,
  fetchPage,
  onPick,
  selection,
}: {
  kind: TabId;
  filterLabel: string;
  filterOptions: { value: string; label: string }[];
  fetchPage: (options: { search: string; filter: string }, page: Paging) => Promise<Tile[]>;
  onPick?: (template: TemplateRef) => void;
  selection?: TileSelection;
}) {
  const [searchInput, setSearchInput] = useState('');
  const [filter, setFilter] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const list = usePagedList({
    queryKey: queryKeys.editorBrowser(kind, { search, filter }),
    fetchPage: (page) => fetchPage({ search, filter }, page),
  });
  const isSearching = searchInput.trim() !== '';
  const columns = selection ? 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4' : 'grid-cols-2';

  return (
    <>
      <div className="flex gap-2">
        <label className="relative flex-1">
          <span className="sr-only">
            Search {kind === 'templates' ? 'templates' : 'community templates'}
          </span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            type="search"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            placeholder="Search"
            maxLength={100}
            className="h-10 w-full rounded-lg border border-border bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none"
          />
        </label>
        <label>
          <span className="sr-only">{filterLabel}</span>
          <select
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="h-10 max-w-36 rounded-lg border border-border bg-surface px-2 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none"
          >
            {filterOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="-mx-1 -mt-1 min-h-0 flex-1 overflow-y-auto px-1 pt-1 pb-2">
        {list.isPending ? (
          <ul className={cn('grid gap-2', columns)} aria-busy="true" aria-label="Loading templates">
            {Array.from({ length: 8 }, (_, index) => (
              <li key={index}>
                <Skeleton className="aspect-square w-full rounded-lg" />
              </li>
            ))}
          </ul>
        ) : list.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-danger">
            Could not load templates. Please try again.
          </p>
        ) : list.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">No templates found</p>
        ) : (
          <ul className={cn('grid gap-2', columns)} data-testid={`${kind}-tiles`}>
            {list.items.map((tile) => (
              <li key={`${tile.ref.kind}:${tile.ref.id}`}>
                {selection ? (
                  <CheckTile tile={tile} selection={selection} />
                ) : (
                  <button
                    type="button"
                    onClick={() => onPick?.(tile.ref)}
                    aria-label={`Use template ${tile.name}`}
                    className="group block w-full overflow-hidden rounded-lg border border-border bg-surface text-left focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <LazyImage
                      src={variantUrl(tile.imageUrl, { width: 256 })}
                      alt=""
                      className="aspect-square w-full"
                      fit="contain"
                      imgClassName="transition-transform group-hover:scale-105"
                    />
                    <span className="block truncate px-2 py-1.5 text-xs text-fg">{tile.name}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && !isSearching && (
          <Button
            variant="secondary"
            className={cn('mt-3 w-full')}
            isLoading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load More
          </Button>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {list.isSuccess
          ? `${countOf(list.items.length, 'template')} shown, ${PAGE_SIZE.more} more per Load More`
          : ''}
      </p>
    </>
  );
}

function CheckTile({ tile, selection }: { tile: Tile; selection: TileSelection }) {
  const isSelected = selection.isSelected(tile);
  return (
    <label
      className={cn(
        'group relative block cursor-pointer overflow-hidden rounded-lg border bg-surface has-focus-visible:ring-2 has-focus-visible:ring-ring',
        isSelected ? 'border-accent ring-2 ring-accent' : 'border-border',
        !isSelected && selection.isFull && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="checkbox"
        checked={isSelected}
        disabled={!isSelected && selection.isFull}
        onChange={() => selection.onToggle(tile)}
        className="absolute top-2 left-2 z-10 size-5 accent-accent"
        aria-label={`Select ${tile.name}`}
      />
      <LazyImage
        src={variantUrl(tile.imageUrl, { width: 256 })}
        alt=""
        className="aspect-square w-full"
        fit="contain"
      />
      <span className="block truncate px-2 py-1.5 text-xs text-fg">{tile.name}</span>
    </label>
  );
}

/**
 * The official templates with checkboxes, for a batch (community templates cannot be batched).
 * The selection is kept by the caller, so it survives searching and filtering.
 */
export function TemplateChecklist({
  selected,
  max,
  onToggle,
}: {
  selected: readonly { id: number }[];
  max: number;
  onToggle: (template: { id: number; name: string; imageUrl: string }) => void;
}) {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <TileList
        kind="templates"
        filterLabel="Category"
        filterOptions={[
          { value: '', label: 'All categories' },
          ...CATEGORIES.map((category) => ({ value: category, label: label(category) })),
        ]}
        fetchPage={(options, page) =>
          fetchOfficialTiles({ search: options.search, category: options.filter }, page)
        }
        selection={{
          isSelected: (tile) => selected.some((item) => item.id === tile.ref.id),
          isFull: selected.length >= max,
          onToggle: (tile) => {
            if (tile.ref.kind !== 'official') return;
            onToggle({ id: tile.ref.id, name: tile.name, imageUrl: tile.imageUrl });
          },
        }}
      />
    </div>
  );
}
