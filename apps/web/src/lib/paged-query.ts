import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { PAGE_SIZE, type Paging } from '@adtwin/shared';

/**
 * Lists paged as the spec says: 30 first, then 10 per Load More; there is no next page once a
 * page comes back shorter than asked.
 */
const FIRST_PAGE: Paging = { offset: 0, limit: PAGE_SIZE.first };

/** A page as the lists' query string takes it (PagingQuerySchema). */
export function pagingQuery(page: Paging) {
  return { offset: String(page.offset), limit: String(page.limit) };
}

/** A list's cache entry holding only its first page, as the server hands it over (prerender). */
export function firstPageEntry<T>(items: T[]) {
  return { pages: [{ items, asked: FIRST_PAGE }], pageParams: [FIRST_PAGE] };
}

export function usePagedList<T>(options: {
  queryKey: QueryKey;
  fetchPage: (page: Paging) => Promise<T[]>;
  enabled?: boolean;
}) {
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    enabled: options.enabled,
    initialPageParam: FIRST_PAGE,
    queryFn: async ({ pageParam }: { pageParam: Paging }) => ({
      items: await options.fetchPage(pageParam),
      asked: pageParam,
    }),
    getNextPageParam: (last): Paging | undefined =>
      last.items.length < last.asked.limit
        ? undefined
        : { offset: last.asked.offset + last.asked.limit, limit: PAGE_SIZE.more },
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items };
}
