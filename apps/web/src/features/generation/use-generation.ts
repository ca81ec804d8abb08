import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { fetchGeneration, type Generation } from './api';

const isFinished = (generation: Generation) =>
  generation.status === 'done' || generation.status === 'failed';

/**
 * Follows one generation as the server runs it, by server-sent events. A reload or a second tab
 * calling this with the same id follows the same job. When the stream breaks (proxy, network),
 * it falls back to reading the generation every two seconds until it ends, through dropped
 * connections and server restarts.
 */
export function useGeneration(id: string | null, initial?: Generation): Generation | undefined {
  // Kept with the id it belongs to, so a new id never shows the previous job for a render.
  const [latest, setLatest] = useState<Generation | undefined>(initial);

  useEffect(() => {
    if (!id) return;
    let isCancelled = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    const source = new EventSource(`/api/generations/${encodeURIComponent(id)}/events`);

    const accept = (next: Generation) => {
      if (!isCancelled) setLatest(next);
    };
    const poll = async () => {
      try {
        const next = await fetchGeneration(id);
        accept(next);
        if (isFinished(next)) return;
      } catch (error) {
        // A missing or foreign id stays unknown; the caller shows its own error. A dropped
        // connection or a restarting server (no answer, or a 5xx from a proxy) is waited out:
        // the job goes on on the server, and its result shows here once it answers again.
        const isGone = error instanceof ApiError && error.status >= 400 && error.status < 500;
        if (isGone) return;
      }
      if (!isCancelled) pollTimer = setTimeout(() => void poll(), 2000);
    };

    source.addEventListener('generation', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as Generation;
      accept(next);
      if (isFinished(next)) source.close();
    });
    source.onerror = () => {
      // EventSource retries on its own after a dropped stream, but a finished stream also ends
      // with an error event; polling settles both without a retry storm.
      source.close();
      if (!isCancelled && pollTimer === undefined) void poll();
    };

    return () => {
      isCancelled = true;
      source.close();
      clearTimeout(pollTimer);
    };
  }, [id]);

  return latest && latest.id === id ? latest : undefined;
}
