import { LIBRARY_PAGE_SIZE, PAGE_SIZE } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';
import { pagingQuery } from '@/lib/paged-query';

/** One page of the library dialog: uploads whose name contains `search`, and how many in all. */
export function fetchLibraryPage(options: { search: string; offset: number }) {
  return readJson(
    api.uploads.$get({
      query: {
        ...pagingQuery({ offset: options.offset, limit: LIBRARY_PAGE_SIZE }),
        ...(options.search ? { search: options.search } : {}),
      },
    }),
  );
}

/**
 * The person's community template made from a design-page result, found as the spec does it: by
 * its image (the result's file name) among their own templates, newest first.
 */
export async function findTemplateOfResult(fileName: string) {
  const { items } = await readJson(
    api['my-templates'].$get({ query: pagingQuery({ offset: 0, limit: PAGE_SIZE.first }) }),
  );
  return items.find((item) => item.imageUrl.endsWith(`/${encodeURIComponent(fileName)}`)) ?? null;
}
