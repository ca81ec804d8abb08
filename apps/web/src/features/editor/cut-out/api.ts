import { api, readJson } from '@/lib/api-client';

/** The product cut out of an upload (made on first request), where it sits, and warnings. */
export function fetchCutOut(uploadId: string) {
  return readJson(api.uploads[':id']['cut-out'].$get({ param: { id: uploadId } }));
}

/** Stores the touched-up mask; every later generation with this upload uses it. */
export function saveCutOutMask(uploadId: string, mask: Blob) {
  return readJson(
    api.uploads[':id']['cut-out'].$put({
      param: { id: uploadId },
      form: { mask: new File([mask], 'mask.png', { type: 'image/png' }) },
    }),
  );
}
