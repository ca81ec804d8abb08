import { api, readJson } from '@/lib/api-client';

const pageQuery = (page: { offset: number; limit: number }) => ({
  query: { offset: String(page.offset), limit: String(page.limit) },
});

export async function fetchDesigns(page: { offset: number; limit: number }) {
  return (await readJson(api.designs.$get(pageQuery(page)))).items;
}

export async function fetchUploads(page: { offset: number; limit: number }) {
  return (await readJson(api.uploads.$get(pageQuery(page)))).items;
}

export function renameUpload(id: string, name: string) {
  return readJson(api.uploads[':id'].$patch({ param: { id }, json: { name } }));
}

export function deleteUpload(id: string) {
  return readJson(api.uploads[':id'].$delete({ param: { id } }));
}

export type Upload = Awaited<ReturnType<typeof fetchUploads>>[number];
