import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { usePagedList } from '@/lib/paged-query';
import { fetchMyTemplates } from '@/features/community';
import { fetchDesigns, fetchUploads } from './api';
import { groupByMonth } from './group-by-month';
import { ImageTile } from './ImageTile';
import { UploadTile } from './UploadTile';
import { queryKeys } from '@/lib/query-keys';

const TABS = [
  { id: 'designs', label: BROWSE_MESSAGES.myDesigns },
  { id: 'templates', label: BROWSE_MESSAGES.myTemplates },
  { id: 'uploads', label: BROWSE_MESSAGES.yourUploads },
] as const;
type TabId = (typeof TABS)[number]['id'];

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5';
const TAB_QUERY_KEYS: Record<TabId, readonly string[]> = {
  designs: queryKeys.designs,
  templates: queryKeys.myTemplates,
  uploads: queryKeys.uploads,
};

/** /your-designs: three tabs; each reloads from its first page when it is activated. */
export function YourDesignsPage() {
  usePageTitle('Your Designs');
  const [active, setActive] = useState<TabId>('designs');
  const queryClient = useQueryClient();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function activate(tab: TabId) {
    // Dropping the cached pages makes the panel start again at page one with fresh data.
    queryClient.removeQueries({ queryKey: TAB_QUERY_KEYS[tab] });
    setActive(tab);
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    tabRefs.current[next]?.focus();
    activate(TABS[next]!.id);
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 md:px-8">
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Your Designs</h1>
      <div
        role="tablist"
        aria-label="Your Designs"
        className="flex gap-1 overflow-x-auto border-b border-border"
      >
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            onClick={() => activate(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              '-mb-px flex-1 border-b-2 px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none sm:px-4',
              active === tab.id
                ? 'border-accent text-accent'
                : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`}>
        {active === 'designs' && <DesignsPanel key="designs" />}
        {active === 'templates' && <TemplatesPanel key="templates" />}
        {active === 'uploads' && <UploadsPanel key="uploads" />}
      </div>
    </div>
  );
}

/**
 * One tab's list: skeletons while loading, the failure or empty text, else the items (as
 * `children` lays them out) and "Load more" while pages remain.
 */
function PagedPanel<T>({
  list,
  failed,
  empty,
  children,
}: {
  list: ReturnType<typeof usePagedList<T>>;
  failed: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (list.isPending)
    return (
      <ul className={GRID} aria-busy="true" aria-label="Loading">
        {Array.from({ length: 10 }, (_, index) => (
          <li key={index}>
            <Skeleton className="aspect-square w-full" />
          </li>
        ))}
      </ul>
    );
  if (list.isError)
    return (
      <p role="alert" className="text-danger">
        {failed}
      </p>
    );
  if (list.items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border bg-surface p-10 text-center text-sm text-muted">
        {empty}
      </p>
    );
  return (
    <div className="flex flex-col gap-6">
      {children(list.items)}
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            isLoading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {BROWSE_MESSAGES.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}

function DesignsPanel() {
  const navigate = useNavigate();
  const list = usePagedList({ queryKey: queryKeys.designs, fetchPage: fetchDesigns });
  return (
    <PagedPanel
      list={list}
      failed={BROWSE_MESSAGES.designsFailed}
      empty={BROWSE_MESSAGES.noDesigns}
    >
      {(designs) =>
        groupByMonth(designs).map((group) => (
          <section key={group.month} aria-label={group.month} className="flex flex-col gap-3">
            <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">
              {group.month}
            </h2>
            <ul className={GRID}>
              {group.items.map((design) => (
                <ImageTile
                  key={design.id}
                  url={design.url}
                  name={design.name}
                  onOpen={() => navigate(`/editor/view/generated/${design.number}`)}
                />
              ))}
            </ul>
          </section>
        ))
      }
    </PagedPanel>
  );
}

function TemplatesPanel() {
  const navigate = useNavigate();
  const list = usePagedList({ queryKey: queryKeys.myTemplates, fetchPage: fetchMyTemplates });
  return (
    <PagedPanel
      list={list}
      failed={BROWSE_MESSAGES.templatesFailed}
      empty={BROWSE_MESSAGES.noTemplates}
    >
      {(templates) => (
        <ul className={GRID}>
          {templates.map((template) => (
            <ImageTile
              key={template.id}
              url={template.imageUrl}
              name={template.name}
              onOpen={() => navigate(`/editor/view/community/${template.id}`)}
            />
          ))}
        </ul>
      )}
    </PagedPanel>
  );
}

function UploadsPanel() {
  const list = usePagedList({ queryKey: queryKeys.uploads, fetchPage: fetchUploads });
  return (
    <PagedPanel
      list={list}
      failed={BROWSE_MESSAGES.uploadsFailed}
      empty={BROWSE_MESSAGES.noUploads}
    >
      {(uploads) => (
        <ul className={GRID}>
          {uploads.map((upload) => (
            <UploadTile key={upload.id} upload={upload} />
          ))}
        </ul>
      )}
    </PagedPanel>
  );
}
