import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImageSize } from '@adtwin/shared';
import { readStored, writeStored } from '@/lib/local-storage';
import { queryKeys } from '@/lib/query-keys';
import {
  useGenerationRun,
  useStartSwap,
  type Generation,
  type UploadedImage,
} from '@/features/generation';
import { draftKey, readDesignDraft, type DesignDraft } from './design-draft';
import type { Visibility } from './VisibilityMenu';

/** How long the finished steps stay on screen before the result takes their place. */
const DONE_DIALOG_MS = 900;

/** A job started on the design page in the last 10 minutes, to follow again after a reload. */
export function useSavedDesignDraft(userId: string | undefined): DesignDraft | null {
  const [draft] = useState(() =>
    userId ? readDesignDraft(readStored(draftKey(userId)), Date.now()) : null,
  );
  return draft;
}

export type DesignResult = { generation: Generation; templateUrl: string };

/**
 * The design page's Create: starts the swap of the chosen images, keeps it in local storage while
 * it runs (a reload follows it again), and gives the result once made.
 */
export function useDesignSwap({
  userId,
  draft,
  template,
  product,
  size,
  visibility,
  templateName,
  onResult,
}: {
  userId: string | undefined;
  draft: DesignDraft | null;
  template: UploadedImage | null;
  product: UploadedImage | null;
  size: ImageSize;
  visibility: Visibility;
  templateName: string;
  onResult: () => void;
}) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<DesignResult | null>(null);

  const swap = useStartSwap();
  const run = useGenerationRun({
    resumeId: draft?.generationId ?? null,
    start: async () => {
      if (!template || !product) throw new Error('Missing URLs for generation');
      const started = await swap.mutateAsync({
        templateUploadId: template.id,
        productUploadId: product.id,
        size,
        visibility,
        ...(templateName.trim() ? { templateName: templateName.trim() } : {}),
      });
      if (userId) {
        const saved: DesignDraft = {
          generationId: started.id,
          template,
          product,
          size,
          visibility,
          savedAt: Date.now(),
        };
        writeStored(draftKey(userId), JSON.stringify(saved));
      }
      return started;
    },
    onDone: (generation) => {
      if (template) setResult({ generation, templateUrl: template.url });
      onResult();
      for (const queryKey of [queryKeys.designs, queryKeys.myTemplates]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });

  const isDone = run.generation?.status === 'done';
  const closeProgress = useEffectEvent(() => run.closeDialog());
  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(closeProgress, DONE_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [isDone]);

  const hasFailed = run.failure !== null;
  useEffect(() => {
    if (hasFailed && userId) writeStored(draftKey(userId), null);
  }, [hasFailed, userId]);

  return { run, result };
}
