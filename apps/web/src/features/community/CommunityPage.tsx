import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { Sparkles, Users } from 'lucide-react';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { usePagedList } from '@/lib/paged-query';
import { fetchCommunityTemplates, fetchMyTemplates } from './api';
import { CommunityCard } from './CommunityCard';
import { TemplateNameEditor } from './TemplateNameEditor';
import { VisibilityEditor } from './VisibilityEditor';
import { queryKeys } from '@/lib/query-keys';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5';

function GridSkeleton({ count }: { count: number }) {
  return (
    <ul className={GRID} aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Skeleton className="aspect-square w-full" />
        </li>
      ))}
    </ul>
  );
}

/** /community: the hero, the user's own templates with visibility, and other people's public ones. */
export function CommunityPage() {
  usePageTitle('Community');
  const navigate = useNavigate();
  const mine = usePagedList({ queryKey: queryKeys.myTemplates, fetchPage: fetchMyTemplates });
  const community = usePagedList({
    queryKey: queryKeys.communityTemplates,
    fetchPage: fetchCommunityTemplates,
  });

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-6 md:px-8">
      <section className="relative overflow-hidden rounded-2xl bg-accent px-6 py-8 text-accent-fg md:px-10 md:py-12">
        <Sparkles className="absolute top-6 right-6 size-16 opacity-20" aria-hidden="true" />
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">
          {BROWSE_MESSAGES.heroTitle}
        </h1>
        <p className="mt-2 max-w-xl text-sm opacity-90 md:text-base">{BROWSE_MESSAGES.heroText}</p>
        <Link
          to="/design"
          className="mt-5 inline-flex h-10 items-center rounded-lg bg-surface px-4 text-sm font-semibold text-fg shadow-sm hover:bg-surface-2"
        >
          {BROWSE_MESSAGES.startDesigning}
        </Link>
      </section>

      <section aria-labelledby="my-templates-heading" className="flex flex-col gap-4">
        <h2 id="my-templates-heading" className="text-xl font-semibold text-fg">
          {BROWSE_MESSAGES.myTemplates}
        </h2>
        {mine.isPending ? (
          <GridSkeleton count={5} />
        ) : mine.isError ? (
          <p role="alert" className="text-danger">
            {BROWSE_MESSAGES.templatesFailed}
          </p>
        ) : mine.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
            {BROWSE_MESSAGES.noTemplates}
          </p>
        ) : (
          <ul className={GRID} aria-label={BROWSE_MESSAGES.myTemplates}>
            {mine.items.map((template) => (
              <CommunityCard
                key={template.id}
                template={template}
                onOpen={() => navigate(`/editor/view/community/${template.id}`)}
                footer={
                  <>
                    <TemplateNameEditor template={template} />
                    <VisibilityEditor template={template} />
                  </>
                }
              />
            ))}
          </ul>
        )}
        {mine.hasNextPage && (
          <Button
            variant="secondary"
            className="self-center"
            onClick={() => void mine.fetchNextPage()}
            isLoading={mine.isFetchingNextPage}
          >
            {BROWSE_MESSAGES.loadMore}
          </Button>
        )}
      </section>

      <section aria-labelledby="community-heading" className="flex flex-col gap-4">
        <h2 id="community-heading" className="text-xl font-semibold text-fg">
          {BROWSE_MESSAGES.communityTemplates}
        </h2>
        {community.isPending ? (
          <GridSkeleton count={10} />
        ) : community.isError ? (
          <p role="alert" className="text-danger">
            {BROWSE_MESSAGES.templatesFailed}
          </p>
        ) : community.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-surface p-10 text-center">
            <Users className="size-8 text-muted" aria-hidden="true" />
            <p className="text-sm text-muted">{BROWSE_MESSAGES.communityEmpty}</p>
          </div>
        ) : (
          <ul className={GRID} aria-label={BROWSE_MESSAGES.communityTemplates}>
            {community.items.map((template) => (
              <CommunityCard
                key={template.id}
                template={template}
                onOpen={() =>
                  navigate(`/editor/community/${template.id}`, {
                    state: {
                      isCommunity: true,
                      imageUrl: template.imageUrl,
                      templateId: template.id,
                    },
                  })
                }
              />
            ))}
          </ul>
        )}
        {community.hasNextPage && (
          <Button
            variant="secondary"
            className="self-center"
            onClick={() => void community.fetchNextPage()}
            isLoading={community.isFetchingNextPage}
          >
            {BROWSE_MESSAGES.loadMore}
          </Button>
        )}
      </section>
    </div>
  );
}
