import { api, readJson } from '@/lib/api-client';

export async function fetchMyTemplates(page: { offset: number; limit: number }) {
  const { items } = await readJson(
    api['my-templates'].$get({ query: { offset: String(page.offset), limit: String(page.limit) } }),
  );
  return items;
}

export async function fetchCommunityTemplates(page: { offset: number; limit: number }) {
  const { items } = await readJson(
    api['community-templates'].$get({
      query: { offset: String(page.offset), limit: String(page.limit) },
    }),
  );
  return items;
}

export function updateVisibility(id: string, isPublic: boolean) {
  return readJson(
    api['my-templates'][':id'].visibility.$patch({ param: { id }, json: { isPublic } }),
  );
}

export type CommunityTemplate = Awaited<ReturnType<typeof fetchMyTemplates>>[number];

export function renameTemplate(id: string, name: string) {
  return readJson(api['my-templates'][':id'].$patch({ param: { id }, json: { name } }));
}
