import type { Paging } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';
import { pagingQuery } from '@/lib/paged-query';

export async function fetchDesigns(page: Paging) {
  return (await readJson(api.designs.$get({ query: pagingQuery(page) }))).items;
}

export async function fetchUploads(page: Paging) {
  return (await readJson(api.uploads.$get({ query: pagingQuery(page) }))).items;
}

export function renameUpload(id: string, name: string) {
  return readJson(api.uploads[':id'].$patch({ param: { id }, json: { name } }));
}

export function deleteUpload(id: string) {
  return readJson(api.uploads[':id'].$delete({ param: { id } }));
}
