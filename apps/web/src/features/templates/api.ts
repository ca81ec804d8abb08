import type { TemplateSort } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';

export async function fetchTemplatePage(options: {
  category: string | null;
  sort: TemplateSort;
  search: string;
  offset: number;
  limit: number;
}) {
  const { items } = await readJson(
    api.templates.$get({
      query: {
        offset: String(options.offset),
        limit: String(options.limit),
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

export type TemplateCardData = Awaited<ReturnType<typeof fetchTemplatePage>>[number];
