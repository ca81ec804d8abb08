import type { Paging, TemplateSort } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';
import { pagingQuery } from '@/lib/paged-query';

export async function fetchTemplatePage(
  options: Paging & { category: string | null; sort: TemplateSort; search: string },
) {
  const { items } = await readJson(
    api.templates.$get({
      query: {
        ...pagingQuery(options),
        sort: options.sort,
        ...(options.category ? { category: options.category } : {}),
        ...(options.search ? { search: options.search } : {}),
      },
    }),
  );
  return items;
}

export async function fetchCategories() {
  return (await readJson(api['template-categories'].$get())).items;
}
