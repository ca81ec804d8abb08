import type { Paging } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';
import { pagingQuery } from '@/lib/paged-query';

export async function fetchMyTemplates(page: Paging) {
  const { items } = await readJson(api['my-templates'].$get({ query: pagingQuery(page) }));
  return items;
}

export async function fetchCommunityTemplates(page: Paging) {
  const { items } = await readJson(api['community-templates'].$get({ query: pagingQuery(page) }));
  return items;
}

export function updateVisibility(id: string, isPublic: boolean) {
  return readJson(
    api['my-templates'][':id'].visibility.$patch({ param: { id }, json: { isPublic } }),
  );
}

export function renameTemplate(id: string, name: string) {
  return readJson(api['my-templates'][':id'].$patch({ param: { id }, json: { name } }));
}
