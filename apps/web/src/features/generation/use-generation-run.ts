import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Generation } from './api';
import { describeStartFailure } from './start-errors';
import { refreshCredits } from './mutations';
import { useGeneration } from './use-generation';

export type RunFailure = { title: string; message: string };

/** What useGenerationRun gives its page. */
export type GenerationRun = ReturnType<typeof useGenerationRun>;

/**
 * One "Create" button's life: start a job, follow it, show its failure, try it again. A refusal
 * for the plan (no credits) opens the upgrade modal instead of the progress dialog. `start` sends
 * the job through a start mutation (useStartSwap), which reads the credits again once it is in.
 */
export function useGenerationRun(options: {
  start: () => Promise<{ id: string }>;
  onDone?: (generation: Generation) => void;
  /** A job to follow from the start, e.g. resumed after a reload. */
  resumeId?: string | null;
}) {
  const queryClient = useQueryClient();
  const [generationId, setGenerationId] = useState<string | null>(options.resumeId ?? null);
  const [isStarting, setIsStarting] = useState(false);
  const [startFailure, setStartFailure] = useState<RunFailure | null>(null);
  const [upgradeFeature, setUpgradeFeature] = useState<string | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(Boolean(options.resumeId));
  const generation = useGeneration(generationId);
  const startRef = useRef(options.start);
  const onDoneRef = useRef(options.onDone);
  useEffect(() => {
    startRef.current = options.start;
    onDoneRef.current = options.onDone;
  });

  // Settled jobs change the credit counters (charged, or refunded on failure).
  const settled =
    generation && (generation.status === 'done' || generation.status === 'failed')
      ? generation
      : null;
  useEffect(() => {
    if (!settled) return;
    refreshCredits(queryClient);
    if (settled.status === 'done') onDoneRef.current?.(settled);
  }, [settled?.id, settled?.status]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = useCallback(async () => {
    setStartFailure(null);
    setGenerationId(null);
    setIsStarting(true);
    setIsDialogOpen(true);
    try {
      const started = await startRef.current();
      setGenerationId(started.id);
    } catch (error) {
      const failure = describeStartFailure(error);
      if (failure.kind === 'upgrade') {
        setIsDialogOpen(false);
        setUpgradeFeature(failure.feature);
      } else {
        setStartFailure({ title: failure.title, message: failure.message });
      }
    } finally {
      setIsStarting(false);
    }
  }, []);

  const failure: RunFailure | null =
    startFailure ??
    (generation?.status === 'failed' && generation.error
      ? { title: generation.error.title, message: generation.error.message }
      : null);

  return {
    run,
    generation,
    generationId,
    isStarting,
    isRunning: isStarting || (generationId !== null && !failure && generation?.status !== 'done'),
    failure,
    // A finished job closes its dialog; the result takes its place on the page.
    isDialogOpen: isDialogOpen && generation?.status !== 'done',
    closeDialog: () => setIsDialogOpen(false),
    upgradeFeature,
    closeUpgrade: () => setUpgradeFeature(null),
  };
}
