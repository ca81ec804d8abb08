import type { BatchRequest } from '@adtwin/shared';
import { api, readJson } from '@/lib/api-client';

/**
 * Starts one generation per template, each with its own credit. The reply names every item:
 * its generation, or why it did not start (no credits left, a template gone private...).
 */
export function startBatch(body: BatchRequest) {
  return readJson(api.batches.$post({ json: body }));
}
