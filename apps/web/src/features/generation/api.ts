import type { ChatRequest, DownloadFormat, DownloadQuality, SwapRequest } from '@adtwin/shared';
import { api, readAccepted, readJson } from '@/lib/api-client';

// The bodies' shapes are the server's own schemas (packages/shared), not copies.
export type { ChatRequest, SwapRequest } from '@adtwin/shared';

/** Starts a swap; resolves with the job's id, which the page then follows. */
export function startSwap(body: SwapRequest) {
  return readAccepted(api.generations.swap.$post({ json: body }));
}

/** Starts a chat generation; resolves with the job's id, which the page then follows. */
export function startChat(body: ChatRequest) {
  return readAccepted(api.generations.chat.$post({ json: body }));
}

export function fetchGeneration(id: string) {
  return readJson(api.generations[':id'].$get({ param: { id } }));
}

export function fetchGenerationByNumber(number: number) {
  return readJson(
    api.generations['by-number'][':number'].$get({ param: { number: String(number) } }),
  );
}

export type { Generation, GenerationStep } from '@adtwin/shared';

/**
 * Puts a file in the person's library (temp-images); the server checks its bytes. Where the
 * server's store takes files straight from the browser (S3), the file goes there through the
 * presigned address the server hands out and the server then takes it; else through the API.
 */
export async function uploadImage(file: File) {
  const ticket = await readJson(
    api.uploads.direct.$post({ json: { size: file.size, contentType: file.type } }),
  );
  if (ticket.mode === 'form') return readJson(api.uploads.$post({ form: { file } }));
  const sent = await fetch(ticket.url, {
    method: ticket.method,
    headers: ticket.headers,
    body: file,
  }).catch(() => null);
  // The store's own refusals are XML for machines; the person is told to try again.
  if (!sent?.ok) throw new Error('Upload failed. Please try again.');
  return readJson(
    api.uploads.direct[':id'].$post({ param: { id: ticket.id }, json: { name: file.name } }),
  );
}

export type UploadedImage = Awaited<ReturnType<typeof uploadImage>>;

/** The address that downloads a result; the server applies the plan's format and quality rules. */
export function downloadUrl(
  generationId: string,
  options: { format: DownloadFormat; quality: DownloadQuality; name?: string },
): string {
  const query = new URLSearchParams({ format: options.format, quality: options.quality });
  if (options.name) query.set('name', options.name);
  return `/api/generations/${encodeURIComponent(generationId)}/download?${query}`;
}
