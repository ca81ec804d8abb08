import { downloadZip } from 'client-zip';
import { cleanDownloadName, downloadStatusFailed } from '@adtwin/shared';

/** One finished image of a batch, by its place in the batch (0-based) and its template. */
export type BatchResult = { position: number; templateName: string; generationId: string };

/**
 * The image's name inside the zip: its place in the batch first, so the files sort as the grid
 * shows them, then the template's name. Two templates of the same name stay two files.
 */
export function batchEntryName(result: Pick<BatchResult, 'position' | 'templateName'>): string {
  const place = String(result.position + 1).padStart(2, '0');
  return `${place} ${cleanDownloadName(result.templateName, 'template')}.png`;
}

/** The zip's own name, after the product photo it was made from. */
export function batchZipName(productName: string | null): string {
  return `${cleanDownloadName(productName ?? '', 'adtwin')} batch.zip`;
}

/** A download the server refused (an expired session, a result gone), with the spec's text. */
export class BatchDownloadError extends Error {}

/**
 * Builds the zip of the finished images in the browser. client-zip streams: each image is fetched
 * only when the zip reaches it, so memory holds one image at a time besides the zip itself.
 */
export async function buildBatchZip(
  results: readonly BatchResult[],
  fetchImage: (generationId: string) => Promise<Response>,
): Promise<Blob> {
  let refusal: BatchDownloadError | null = null;
  async function* entries() {
    for (const result of results) {
      const response = await fetchImage(result.generationId);
      if (!response.ok) {
        refusal = new BatchDownloadError(downloadStatusFailed(response.status));
        throw refusal;
      }
      yield { name: batchEntryName(result), input: response };
    }
  }
  try {
    return await downloadZip(entries()).blob();
  } catch (error) {
    // The stream reports the generator's failure as its own error; the refusal says more.
    throw refusal ?? error;
  }
}
