import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Check, Pencil, Search } from 'lucide-react';
import {
  BROWSE_MESSAGES,
  CHAT_MESSAGES,
  LIBRARY_PAGE_SIZE,
  LIBRARY_SEARCH_DEBOUNCE_MS,
  cleanLibraryName,
  renameFailed,
  stripExtension,
  UPLOAD_NAME_MAX_LENGTH,
  type ImageItem,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { CharacterCounter } from '@/components/ui/CharacterCounter';
import { Dialog } from '@/components/ui/Dialog';
import { LazyImage } from '@/components/ui/LazyImage';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { variantUrl } from '@/lib/image-url';
import { useRenameUpload } from '@/features/designs';
import { fetchLibraryPage } from '../api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { queryKeys } from '@/lib/query-keys';

/**
 * 'Your Uploaded Images': the person's uploads, searched by name (300 ms after typing stops),
 * 12 at a time. Several can be chosen, as many as the message still has room for.
 */
export function LibraryDialog({
  isOpen,
  onOpenChange,
  freeSlots,
  onAdd,
  title = CHAT_MESSAGES.libraryTitle,
  addLabel = 'Add',
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** How many more images the message may carry; with 1, a click changes the choice. */
  freeSlots: number;
  onAdd: (images: ImageItem[]) => void;
  title?: string;
  addLabel?: string;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ImageItem[]>([]);
  const debouncedSearch = useDebouncedValue(search.trim(), LIBRARY_SEARCH_DEBOUNCE_MS);
  const searchId = useId();

  const library = useInfiniteQuery({
    queryKey: queryKeys.librarySearch(debouncedSearch),
    enabled: isOpen,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchLibraryPage({ search: debouncedSearch, offset: pageParam }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
  });
  const items = library.data?.pages.flatMap((page) => page.items) ?? [];
  const total = library.data?.pages.at(-1)?.total ?? 0;
  const remaining = Math.max(0, total - items.length);

  function close(isNowOpen: boolean) {
    if (!isNowOpen) {
      setChosen([]);
      setSearch('');
    }
    onOpenChange(isNowOpen);
  }

  function toggle(image: ImageItem) {
    if (chosen.some((item) => item.id === image.id)) {
      setChosen(chosen.filter((item) => item.id !== image.id));
      return;
    }
    if (freeSlots === 1) {
      setChosen([image]);
      return;
    }
    if (chosen.length >= freeSlots) {
      toast.error(CHAT_MESSAGES.tooManyImages);
      return;
    }
    setChosen([...chosen, image]);
  }

  return (
    <Dialog isOpen={isOpen} onOpenChange={close} title={title} className="max-w-2xl">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search your images
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by name"
          autoComplete="off"
          className="h-10 w-full rounded-lg border border-border bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none"
        />
      </div>

      {library.isPending ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-busy="true" aria-label="Loading">
          {Array.from({ length: LIBRARY_PAGE_SIZE }, (_, index) => (
            <li key={index}>
              <Skeleton className="aspect-square w-full" />
            </li>
          ))}
        </ul>
      ) : library.isError ? (
        <p role="alert" className="py-6 text-center text-sm text-danger">
          {BROWSE_MESSAGES.uploadsFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
          {CHAT_MESSAGES.libraryEmpty}
        </p>
      ) : (
        <ul
          className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          aria-label="Your uploaded images"
          aria-busy={library.isFetching || undefined}
        >
          {items.map((image) => (
            <LibraryTile
              key={image.id}
              image={image}
              isChosen={chosen.some((item) => item.id === image.id)}
              onToggle={() => toggle(image)}
            />
          ))}
        </ul>
      )}

      {remaining > 0 && !library.isPending && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            isLoading={library.isFetchingNextPage}
            onClick={() => void library.fetchNextPage()}
          >
            {BROWSE_MESSAGES.loadMore} ({remaining})
          </Button>
        </div>
      )}

      {/* Kept in view while the grid scrolls under it. */}
      <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-wrap items-center justify-between gap-2 border-t border-border bg-surface px-5 pt-4 pb-5">
        <p className="text-xs text-muted" aria-live="polite">
          {freeSlots === 1
            ? `${chosen.length} selected`
            : `${chosen.length} selected · room for ${freeSlots}`}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              onAdd(chosen);
              close(false);
            }}
          >
            {addLabel} {chosen.length > 0 && freeSlots > 1 ? `(${chosen.length})` : ''}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function LibraryTile({
  image,
  isChosen,
  onToggle,
}: {
  image: ImageItem;
  isChosen: boolean;
  onToggle: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameUpload();
  const isSaving = rename.isPending;
  const name = stripExtension(image.name);

  function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    const cleaned = cleanLibraryName(draft);
    if (!cleaned) {
      toast.error(renameFailed('Name cannot be empty'));
      return;
    }
    if (cleaned === name) {
      setDraft(null);
      return;
    }
    rename.mutate(
      { id: image.id, name: cleaned },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => toast.error(renameFailed(error.message || 'Unknown error')),
      },
    );
  }

  return (
    <li className="flex min-w-0 flex-col gap-1">
      <button
        type="button"
        aria-pressed={isChosen}
        aria-label={`Select ${image.name}`}
        onClick={onToggle}
        className={cn(
          'relative overflow-hidden rounded-lg ring-offset-2 ring-offset-surface transition',
          isChosen ? 'ring-2 ring-accent' : 'hover:opacity-90',
        )}
      >
        <LazyImage
          src={variantUrl(image.url, { width: 256, height: 256 })}
          alt={image.name}
          className="aspect-square w-full"
        />
        {isChosen && (
          <span className="absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full bg-accent text-accent-fg shadow">
            <Check className="size-4" aria-hidden="true" />
          </span>
        )}
      </button>
      {draft === null ? (
        <div className="flex min-w-0 items-center gap-1">
          <span className="min-w-0 flex-1 truncate text-xs text-muted" title={image.name}>
            {name}
          </span>
          <button
            type="button"
            aria-label={`Rename ${image.name}`}
            onClick={() => setDraft(name)}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
          >
            <Pencil className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <form onSubmit={save} className="flex min-w-0 flex-col gap-1">
          <input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-label={`New name for ${image.name}`}
            autoFocus
            maxLength={UPLOAD_NAME_MAX_LENGTH}
            className="h-8 w-full min-w-0 rounded-md border border-border bg-surface px-2 text-xs text-fg focus:border-accent focus:outline-none"
          />
          <CharacterCounter
            length={draft.length}
            max={UPLOAD_NAME_MAX_LENGTH}
            className="self-end"
          />
          <div className="flex gap-1">
            <button
              type="submit"
              disabled={isSaving}
              className="h-7 flex-1 rounded-md bg-accent text-xs font-medium text-accent-fg hover:bg-accent-hover disabled:opacity-50"
            >
              Save
            </button>
            <button
              type="button"
              onClick={() => setDraft(null)}
              className="h-7 flex-1 rounded-md border border-border text-xs text-fg hover:bg-surface-2"
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
