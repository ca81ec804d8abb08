import {
  EngineError,
  cutOutProduct,
  type ImageProvider,
  type ProductCutOut,
  type SwapRequest,
  type TemplateAnalysis,
} from '@adtwin/engine';
import {
  GENERATION_MESSAGES,
  MAX_ACTIVE_GENERATIONS_PER_USER,
  SIGNED_URL_TTL,
  UPGRADE_FEATURES,
  initialGenerationSteps,
  isPaidTier,
  type DownloadFormat,
  type GenerationStepState,
  type DownloadQuality,
  type ImageSize,
} from '@adtwin/shared';
import { renderDownload, resolveDownloadOptions } from './generation-download.js';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { PublicError } from '../../http/errors.js';
import type { JobQueue } from '../../platform/queue/job-queue.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { ResultSaveError, describeGenerationFailure, failureTitle } from './generation-errors.js';
import type { GenerationEvents } from './generation-events.js';
import { selectCommunityTemplate } from './generation-inputs.queries.js';
import { selectTemplate as selectOfficialTemplate } from '../templates/templates.queries.js';
import { selectOwnUpload } from '../uploads/uploads.queries.js';
import { activateStep, failActiveStep } from './generation-steps.js';
import {
  claimGeneration,
  completeGeneration,
  failGeneration,
  findGeneration,
  findGenerationByNumber,
  insertGenerationWithCredit,
  listUnfinishedGenerations,
  requeueGeneration,
  saveSteps,
  type GenerationRow,
} from './generations.queries.js';

/** A job interrupted this many times is failed (and refunded) rather than tried again. */
const MAX_ATTEMPTS = 3;

export type Box = { x: number; y: number; width: number; height: number };

export type SwapInput = {
  templateId?: number | undefined;
  communityTemplateId?: string | undefined;
  /** The design page: a template image the person uploaded to their library. */
  templateUploadId?: string | undefined;
  productUploadId: string;
  replacements: { toReplace: string; replacement: string }[];
  size: ImageSize;
  productBox?: Box | undefined;
  /** Design-page generations become community templates with this visibility. */
  visibility?: 'public' | 'private' | undefined;
};

export type ChatInput = {
  prompt: string;
  referenceUploadIds: string[];
  size: ImageSize;
  visibility?: 'public' | 'private' | undefined;
};

type StoredInput =
  | ({ kind: 'swap' } & Omit<SwapInput, 'templateId' | 'communityTemplateId'>)
  | ({ kind: 'chat' } & ChatInput);

export type GenerationView = {
  id: string;
  number: number;
  kind: 'swap' | 'chat';
  status: 'queued' | 'running' | 'done' | 'failed';
  steps: GenerationStepState[];
  error: { code: string; title: string; message: string } | null;
  result: { url: string; fileName: string } | null;
  note: string | null;
  /** What the result was made from, so the editor can reopen it. */
  templateId: number | null;
  communityTemplateId: string | null;
  size: ImageSize;
  createdAt: string;
};

export type GenerationServiceDeps = {
  db: Database;
  storage: ObjectStorage;
  queue: JobQueue;
  provider: ImageProvider;
  events: GenerationEvents;
  logger: Logger;
  timeoutMs: number;
  /** Reads a user's tier (for the private-visibility gate). */
  getTier: (userId: string) => Promise<string>;
  /** Adds a finished generation to its template's usage count, once. */
  countUsage?: (generationId: string) => Promise<unknown>;
};

function resultFileName(row: GenerationRow): string {
  return `${row.kind === 'chat' ? 'chat' : 'design'}_${row.number}.png`;
}

export function createGenerationService(deps: GenerationServiceDeps) {
  const { db, storage, logger } = deps;

  async function toView(row: GenerationRow): Promise<GenerationView> {
    const input = row.input as StoredInput & { note?: string };
    const failure = row.status === 'failed' ? describeStoredFailure(row) : null;
    return {
      id: row.id,
      number: row.number,
      kind: row.kind as 'swap' | 'chat',
      status: row.status as GenerationView['status'],
      steps: row.steps as GenerationStepState[],
      error: failure,
      result:
        row.status === 'done'
          ? {
              url: await storage.createUrl(
                'user-creations',
                `${row.userId}/${resultFileName(row)}`,
                SIGNED_URL_TTL.default,
              ),
              fileName: resultFileName(row),
            }
          : null,
      note: input.note ?? null,
      templateId: row.templateId,
      communityTemplateId: row.userTemplateId,
      size: input.size,
      createdAt: row.queuedAt.toISOString(),
    };
  }

  function describeStoredFailure(row: GenerationRow) {
    const code = row.errorCode ?? 'internal';
    return {
      code,
      title: failureTitle(code),
      message: row.errorMessage ?? 'Failed to generate image',
    };
  }

  async function assertCanStart(userId: string, visibility: 'public' | 'private' | undefined) {
    if (visibility === 'private' && !isPaidTier(await deps.getTier(userId))) {
      throw new PublicError(
        403,
        'Private templates are available on paid plans.',
        'upgrade_required:private templates',
      );
    }
  }

  async function start(options: {
    userId: string;
    kind: 'swap' | 'chat';
    input: StoredInput;
    templateId?: number | null;
    userTemplateId?: string | null;
  }): Promise<GenerationView> {
    const started = await insertGenerationWithCredit(
      db,
      {
        userId: options.userId,
        kind: options.kind,
        templateId: options.templateId ?? null,
        userTemplateId: options.userTemplateId ?? null,
        input: options.input,
        steps: initialGenerationSteps(options.kind),
        provider: deps.provider.name,
      },
      { maxActive: MAX_ACTIVE_GENERATIONS_PER_USER },
    );
    if (started.outcome === 'busy') {
      throw new PublicError(429, GENERATION_MESSAGES.tooManyText, 'too_many_generations');
    }
    if (started.outcome === 'no_credits') {
      throw new PublicError(
        402,
        'You have no credits left.',
        `upgrade_required:${UPGRADE_FEATURES.generation}`,
      );
    }
    await deps.queue.enqueue(started.row.id);
    return toView(started.row);
  }

  /** The product cut out once per upload and kept beside it: a second use costs nothing. */
  async function loadCutOut(
    userId: string,
    uploadId: string,
    bytes: Uint8Array,
  ): Promise<ProductCutOut> {
    const pngKey = `${userId}/cutouts/${uploadId}.png`;
    const metaKey = `${userId}/cutouts/${uploadId}.json`;
    const [png, meta] = await Promise.all([
      storage.get('temp-images', pngKey),
      storage.get('temp-images', metaKey),
    ]);
    if (png && meta) {
      const { box, method } = JSON.parse(meta.body.toString('utf8')) as Omit<ProductCutOut, 'png'>;
      return { png: new Uint8Array(png.body), box, method };
    }
    const cutOut = await cutOutProduct(bytes);
    await storage.put({
      bucket: 'temp-images',
      key: pngKey,
      body: Buffer.from(cutOut.png),
      contentType: 'image/png',
    });
    await storage.put({
      bucket: 'temp-images',
      key: metaKey,
      body: Buffer.from(JSON.stringify({ box: cutOut.box, method: cutOut.method })),
      contentType: 'application/json',
    });
    return cutOut;
  }

  async function readUpload(userId: string, uploadId: string): Promise<Uint8Array> {
    const upload = await selectOwnUpload(db, { ownerId: userId, id: uploadId });
    const file = upload ? await storage.get('temp-images', upload.key) : null;
    if (!file) throw new EngineError('bad_input', GENERATION_MESSAGES.missingUrls);
    return new Uint8Array(file.body);
  }

  async function buildSwapRequest(
    row: GenerationRow,
    input: StoredInput & { kind: 'swap' },
  ): Promise<SwapRequest> {
    let templateKey: string | null = null;
    let productBox: Box | undefined = input.productBox;
    let analysis: TemplateAnalysis | undefined;
    if (row.templateId !== null) {
      const template = await selectOfficialTemplate(db, row.templateId);
      templateKey = template?.imageKey ?? null;
      productBox ??= (template?.productBox as Box | null) ?? undefined;
      analysis = (template?.analysis as TemplateAnalysis | null) ?? undefined;
    } else if (row.userTemplateId !== null) {
      const template = await selectCommunityTemplate(db, row.userTemplateId);
      templateKey = template?.imageKey ?? null;
      productBox ??= (template?.productBox as Box | null) ?? undefined;
    }
    const templateFile = input.templateUploadId
      ? await storage.get(
          'temp-images',
          (await selectOwnUpload(db, { ownerId: row.userId, id: input.templateUploadId }))?.key ??
            '',
        )
      : templateKey
        ? await storage.get('category-images', templateKey)
        : null;
    if (!templateFile) throw new EngineError('bad_input', GENERATION_MESSAGES.invalidTemplate);
    const product = await readUpload(row.userId, input.productUploadId);
    return {
      template: new Uint8Array(templateFile.body),
      product,
      productCutOut: await loadCutOut(row.userId, input.productUploadId, product),
      ...(productBox ? { productBox } : {}),
      ...(analysis?.version === 1 ? { analysis } : {}),
      replacements: input.replacements.filter((r) => r.toReplace.trim()),
      size: input.size,
    };
  }

  return {
    toView,

    async createSwap(userId: string, input: SwapInput): Promise<GenerationView> {
      const templateSources = [
        input.templateId,
        input.communityTemplateId,
        input.templateUploadId,
      ].filter((source) => source !== undefined);
      if (templateSources.length !== 1) {
        throw new PublicError(400, GENERATION_MESSAGES.invalidTemplate, 'invalid_template');
      }
      if (input.templateId !== undefined && !(await selectOfficialTemplate(db, input.templateId))) {
        throw new PublicError(404, 'Template not found', 'template_not_found');
      }
      if (input.communityTemplateId !== undefined) {
        const template = await selectCommunityTemplate(db, input.communityTemplateId);
        if (!template) throw new PublicError(404, 'Template not found', 'template_not_found');
        if (!template.isPublic && template.userId !== userId) {
          throw new PublicError(403, 'You cannot access this private template', 'private_template');
        }
      }
      for (const uploadId of [input.productUploadId, input.templateUploadId]) {
        if (uploadId && !(await selectOwnUpload(db, { ownerId: userId, id: uploadId }))) {
          throw new PublicError(404, GENERATION_MESSAGES.missingUrls, 'upload_not_found');
        }
      }
      await assertCanStart(userId, input.visibility);
      const { templateId, communityTemplateId, ...rest } = input;
      return start({
        userId,
        kind: 'swap',
        input: { kind: 'swap', ...rest },
        templateId: templateId ?? null,
        userTemplateId: communityTemplateId ?? null,
      });
    },

    async createChat(userId: string, input: ChatInput): Promise<GenerationView> {
      for (const id of input.referenceUploadIds) {
        if (!(await selectOwnUpload(db, { ownerId: userId, id }))) {
          throw new PublicError(404, 'Failed to load image from library', 'upload_not_found');
        }
      }
      await assertCanStart(userId, input.visibility);
      return start({ userId, kind: 'chat', input: { kind: 'chat', ...input } });
    },

    /** The generation, for its owner only: another person's id reads as missing. */
    async getForUser(userId: string, id: string): Promise<GenerationRow> {
      const row = await findGeneration(db, id).catch(() => null);
      if (!row || row.userId !== userId)
        throw new PublicError(404, 'Generation not found', 'not_found');
      return row;
    },

    /** A generation by its public number (the one in `design_<number>.png`), owner only. */
    async getByNumberForUser(userId: string, number: number): Promise<GenerationRow> {
      const row = await findGenerationByNumber(db, { userId, number });
      if (!row) throw new PublicError(404, 'Generation not found', 'not_found');
      return row;
    },

    /** The finished result re-encoded for download, under the plan's rules. */
    async renderDownload(
      userId: string,
      id: string,
      request: { format: DownloadFormat; quality: DownloadQuality; name?: string | undefined },
    ) {
      const row = await this.getForUser(userId, id);
      const fileName = resultFileName(row);
      const file =
        row.status === 'done'
          ? await storage.get('user-creations', `${row.userId}/${fileName}`)
          : null;
      if (!file) throw new PublicError(404, 'The image is not ready.', 'not_ready');
      const allowed = resolveDownloadOptions({ tier: await deps.getTier(userId), ...request });
      return renderDownload({
        png: file.body,
        ...allowed,
        name: request.name ?? '',
        fallbackName: fileName.replace(/\.png$/, ''),
      });
    },

    /** Runs one job; safe to call twice for the same id (the second finds nothing to claim). */
    async run(id: string): Promise<void> {
      const claimed = await claimGeneration(db, id);
      if (!claimed) return;
      let steps = claimed.steps as GenerationStepState[];
      const advance = async (key: GenerationStepState['key']) => {
        steps = activateStep(steps, key);
        await saveSteps(db, id, steps);
        deps.events.notify(id);
      };
      const input = claimed.input as StoredInput;
      const started = performance.now();
      try {
        await advance('check');
        const signal = AbortSignal.timeout(deps.timeoutMs);
        await advance('upload');
        let png: Uint8Array;
        let note: string | undefined;
        if (input.kind === 'swap') {
          const request = await buildSwapRequest(claimed, input);
          await advance('create');
          ({ png, note } = await deps.provider.swap(request, { signal }));
        } else {
          const references = await Promise.all(
            input.referenceUploadIds.map((uploadId) => readUpload(claimed.userId, uploadId)),
          );
          await advance('create');
          ({ png, note } = await deps.provider.chat(
            { prompt: input.prompt, references, size: input.size },
            { signal },
          ));
        }
        if (!png?.byteLength)
          throw new EngineError('provider_error', GENERATION_MESSAGES.noImageData);
        const fileName = resultFileName(claimed);
        const key = `${claimed.userId}/${fileName}`;
        let didComplete: boolean;
        try {
          await storage.put({
            bucket: 'user-creations',
            key,
            body: Buffer.from(png),
            contentType: 'image/png',
          });
          steps = activateStep(steps, 'done');
          const isCommunity = input.visibility !== undefined;
          // A design-page or chat result shared as a community template lives where community
          // template images live (category-images, under the owner's id), read through access rules.
          const communityKey = `community/${claimed.userId}/${fileName}`;
          if (isCommunity) {
            await storage.put({
              bucket: 'category-images',
              key: communityKey,
              body: Buffer.from(png),
              contentType: 'image/png',
            });
          }
          didComplete = await completeGeneration(db, {
            generation: { ...claimed, input: note ? { ...input, note } : input },
            steps,
            result: {
              bucket: 'user-creations',
              key,
              ownerId: claimed.userId,
              name: fileName,
              contentType: 'image/png',
              size: png.byteLength,
            },
            communityTemplate: isCommunity
              ? {
                  name: `Design ${claimed.number}`,
                  isPublic: input.visibility !== 'private',
                  imageKey: communityKey,
                }
              : undefined,
          });
        } catch (error) {
          throw new ResultSaveError({ cause: error });
        }
        if (didComplete) await deps.countUsage?.(id);
        logger.info(
          { generationId: id, ms: Math.round(performance.now() - started) },
          'generation done',
        );
      } catch (error) {
        const failure = describeGenerationFailure(error);
        if (!(error instanceof EngineError))
          logger.error({ err: error, generationId: id }, 'generation crashed');
        await failGeneration(db, {
          generation: claimed,
          steps: failActiveStep(steps),
          code: failure.code,
          message: failure.message,
        });
      } finally {
        deps.events.notify(id);
      }
    },

    /** At start: queued jobs wait again; running ones were interrupted and run again or fail. */
    async recoverUnfinished(): Promise<number> {
      const unfinished = await listUnfinishedGenerations(db);
      for (const row of unfinished) {
        if (row.status === 'running') {
          if (row.attempts >= MAX_ATTEMPTS) {
            await failGeneration(db, {
              generation: row,
              steps: failActiveStep(row.steps as GenerationStepState[]),
              code: 'interrupted',
              message: 'The generation was interrupted. Your credit was refunded.',
            });
            continue;
          }
          await requeueGeneration(db, row.id);
        }
        await deps.queue.enqueue(row.id);
      }
      return unfinished.length;
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
