import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { GenerationEvents } from './generation-events.js';
import type { GenerationService } from './generations.service.js';

/**
 * Server-sent events: the generation as it changes, until it is done or failed. A reload or a
 * second tab opens another stream on the same job. Another person's id is a 404 before the
 * stream opens.
 */
export async function streamGeneration(
  c: Context,
  deps: { generations: GenerationService; generationEvents: GenerationEvents },
  options: { userId: string; id: string },
): Promise<Response> {
  const { userId, id } = options;
  // Listening starts before the first read: a change in between wakes the loop at once.
  const changes = deps.generationEvents.watch(id);
  let row: Awaited<ReturnType<GenerationService['getForUser']>>;
  try {
    row = await deps.generations.getForUser(userId, id);
  } catch (error) {
    changes.close();
    throw error;
  }
  return streamSSE(c, async (stream) => {
    let lastSent = '';
    const abort = new AbortController();
    stream.onAbort(() => abort.abort());
    try {
      while (!abort.signal.aborted) {
        const view = await deps.generations.toView(row);
        // The signed result address changes on every read; it alone is no news.
        const payload = JSON.stringify({
          ...view,
          result: view.result && { fileName: view.result.fileName },
        });
        if (payload !== lastSent) {
          lastSent = payload;
          await stream.writeSSE({ event: 'generation', data: JSON.stringify(view) });
        }
        if (view.status === 'done' || view.status === 'failed') break;
        await changes.next(deps.generationEvents.recheckMs, abort.signal);
        row = await deps.generations.getForUser(userId, id);
      }
    } finally {
      changes.close();
    }
  });
}
