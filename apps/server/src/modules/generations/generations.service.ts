import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import sharp from 'sharp';
import {
  EngineError,
  type ImageProvider,
  type RecordedText,
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
  monthYearOf,
  type Box,
  type ChatInput,
  type DownloadFormat,
  type Generation,
  type GenerationStepState,
  type DownloadQuality,
  type SwapInput,
} from '@adtwin/shared';
import { renderDownload, resolveDownloadOptions } from './generation-download.js';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import type { JobQueue } from '../../platform/queue/job-queue.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { ResultSaveError, describeGenerationFailure, failureTitle } from './generation-errors.js';
import type { GenerationEvents } from './generation-events.js';
import { selectCommunityTemplate } from './generation-inputs.queries.js';
import { selectTemplate as selectOfficialTemplate } from '../templates/templates.queries.js';
import { selectOwnUpload } from '../uploads/uploads.queries.js';
import { imagePath } from '../../platform/images/image-paths.js';
import type { CutOutService } from '../cutouts/cutouts.service.js';
import { activateStep, failActiveStep } from './generation-steps.js';
import { checkRemoveMask } from './remove-mask.js';
import {
  claimGeneration,
  completeGeneration,
  failGeneration,
  findGeneration,
  findGenerationByNumber,
  insertGenerationWithCredit,
  isLeaseLive,
  releaseLease,
  renewLease,
  listUnfinishedGenerations,
  requeueGeneration,
  saveSteps,
  selectUserGenerations,
  type GenerationRow,
} from './generations.queries.js';

/** A job interrupted this many times is failed (and refunded) rather than tried again. */
const MAX_ATTEMPTS = 3;

/** A painted Remove region as kept with its generation: the stored PNG and its box. */
type StoredRemoveMask = { key: string; box: Box };

/** How a generation is started, beyond its inputs. */
export type StartOptions = {
  /** The API key that asks; its webhook hears how the generation ends. */
  apiKeyId?: string | undefined;
  /**
   * Jobs the person may have queued or running, this one included. A batch raises it so that its
   * items wait in the queue instead of being refused; each still needs its own credit.
   */
  maxActive?: number | undefined;
};

type StoredInput =
  | ({ kind: 'swap'; removeMask?: StoredRemoveMask } & Omit<
      SwapInput,
      'templateId' | 'communityTemplateId' | 'removeMask'
    >)
  | ({ kind: 'chat' } & ChatInput);

/** A generation as the API shows it (the shared schema's type). */
export type GenerationView = Generation;

export type GenerationServiceDeps = {
  db: Database;
  storage: ObjectStorage;
  queue: JobQueue;
  provider: ImageProvider;
  /** Product cut-outs, kept per upload with the person's touch-ups. */
  cutOuts: Pick<CutOutService, 'load'>;
  events: GenerationEvents;
  logger: Logger;
  timeoutMs: number;
  /** The person's plan, settled (the billing service's readTier): private results, downloads. */
  readTier: (userId: string) => Promise<string>;
  /** Adds a finished generation to its template's usage count, once. */
  countUsage?: (generationId: string) => Promise<unknown>;
  /** Told once a generation has ended, done or failed (the API key's webhook). */
  onFinished?: (generationId: string) => Promise<unknown>;
  /** How long a runner's claim on a job holds without renewal (renewed at a third of it). */
  leaseMs?: number;
};

/** What became of one delivery of a job id (see JobQueue). */
export type RunOutcome = 'finished' | 'nothing-to-do' | 'leased-elsewhere' | 'handed-back';

/** The default lease: a worker that stops renewing for this long is taken for dead. */
export const DEFAULT_LEASE_MS = 30_000;

/** Where a catalogue template's saliency map is kept, beside its image in category-images. */
function saliencyKeyOf(imageKey: string): string {
  return `${imageKey}.saliency.png`;
}

function resultFileName(row: GenerationRow): string {
  return `${row.kind === 'chat' ? 'chat' : 'design'}_${row.number}.png`;
}

export function createGenerationService(deps: GenerationServiceDeps) {
  const { db, storage, logger } = deps;
  // One owner name per service (process); renewals and completions must come from it.
  const lease = {
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    ms: deps.leaseMs ?? DEFAULT_LEASE_MS,
  };
  /** Jobs this runner is working on, to stop and hand back when the process shuts down. */
  const handBacks = new Map<string, AbortController>();

  /** Tells whoever waits that a job has ended; their trouble is logged, never the job's. */
  async function announceEnd(id: string) {
    try {
      await deps.onFinished?.(id);
    } catch (error) {
      logger.warn({ err: error, generationId: id }, 'could not announce the end of a generation');
    }
  }

  async function toView(row: GenerationRow): Promise<GenerationView> {
    const input = row.input as StoredInput & { note?: string; frame?: { crop: Box } };
    const failure = row.status === 'failed' ? describeStoredFailure(row) : null;
    return {
      id: row.id,
      number: row.number,
      kind: row.kind as 'swap' | 'chat',
      status: row.status as GenerationView['status'],
      steps: row.steps as GenerationStepState[],
      error: failure,
      result:
        row.status === 'done' ? { url: await resultUrl(row), fileName: resultFileName(row) } : null,
      note: input.note ?? null,
      beforeCrop: input.frame?.crop ?? null,
      templateId: row.templateId,
      communityTemplateId: row.userTemplateId,
      size: input.size,
      swap:
        input.kind === 'swap'
          ? {
              productUploadId: input.productUploadId,
              product: await productOf(row.userId, input.productUploadId),
              replacements: input.replacements,
              productBox: input.productBox ?? null,
              removeMaskUrl: input.removeMask
                ? await storage.createUrl(
                    'user-creations',
                    input.removeMask.key,
                    SIGNED_URL_TTL.default,
                  )
                : null,
              includeText: input.includeText ?? false,
              placement: input.placement
                ? { box: input.placement.box, rotation: input.placement.rotation ?? 0 }
                : null,
            }
          : null,
      createdAt: row.queuedAt.toISOString(),
    };
  }

  async function productOf(userId: string, uploadId: string) {
    const upload = await selectOwnUpload(db, { ownerId: userId, id: uploadId });
    return upload
      ? {
          id: upload.id,
          name: upload.name,
          url: imagePath('temp-images', upload.key),
          createdAt: upload.createdAt.toISOString(),
          monthYear: monthYearOf(upload.createdAt),
        }
      : null;
  }

  /**
   * The address of a finished result: the full image for paid plans; for free ones the preview
   * (made once, the size a free download has), so the full image never reaches their browser.
   */
  async function resultUrl(row: GenerationRow): Promise<string> {
    const fileName = resultFileName(row);
    const fullKey = `${row.userId}/${fileName}`;
    if (isPaidTier(await deps.readTier(row.userId))) {
      return storage.createUrl('user-creations', fullKey, SIGNED_URL_TTL.default);
    }
    const previewKey = `${row.userId}/previews/${fileName}`;
    if (!(await storage.exists('user-creations', previewKey))) {
      const full = await storage.get('user-creations', fullKey);
      if (full) {
        const preview = await renderDownload({
          png: full.body,
          format: 'png',
          quality: 'preview',
          name: '',
          fallbackName: fileName,
        });
        await storage.put({
          bucket: 'user-creations',
          key: previewKey,
          body: preview.body,
          contentType: 'image/png',
        });
      }
    }
    return storage.createUrl('user-creations', previewKey, SIGNED_URL_TTL.default);
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
    if (visibility === 'private' && !isPaidTier(await deps.readTier(userId))) {
      throw new DomainError(
        'forbidden',
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
    options: StartOptions;
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
        apiKeyId: options.options.apiKeyId ?? null,
      },
      { maxActive: options.options.maxActive ?? MAX_ACTIVE_GENERATIONS_PER_USER },
    );
    if (started.outcome === 'busy') {
      throw new DomainError('too_many', GENERATION_MESSAGES.tooManyText, 'too_many_generations');
    }
    if (started.outcome === 'no_credits') {
      throw new DomainError(
        'payment_required',
        'You have no credits left.',
        `upgrade_required:${UPGRADE_FEATURES.generation}`,
      );
    }
    await deps.queue.enqueue(started.row.id);
    return toView(started.row);
  }

  async function readUpload(userId: string, uploadId: string): Promise<Uint8Array> {
    const upload = await selectOwnUpload(db, { ownerId: userId, id: uploadId });
    const file = upload ? await storage.get('temp-images', upload.key) : null;
    if (!file) throw new EngineError('bad_input', GENERATION_MESSAGES.missingUrls);
    return new Uint8Array(file.body);
  }

  /**
   * The engine's request for a swap, and where the template's saliency map is kept (catalogue
   * templates only: an uploaded template is rarely swapped twice).
   */
  async function buildSwapRequest(
    row: GenerationRow,
    input: StoredInput & { kind: 'swap' },
  ): Promise<{ request: SwapRequest; saliencyKey: string | null }> {
    let templateKey: string | null = null;
    // A painted region wins: its box frames the swap, its pixels are what is removed.
    let productBox: Box | undefined = input.removeMask?.box ?? input.productBox;
    let analysis: TemplateAnalysis | undefined;
    let recordedText: RecordedText[] | undefined;
    if (row.templateId !== null) {
      const template = await selectOfficialTemplate(db, row.templateId);
      templateKey = template?.imageKey ?? null;
      productBox ??= (template?.productBox as Box | null) ?? undefined;
      const stored = template?.analysis as
        TemplateAnalysis | { words?: { text: string; box: Box }[] } | null | undefined;
      if (stored && 'version' in stored && stored.version === 1) analysis = stored;
      // The catalogue records its phrases (one box each): the engine need not read them.
      else if (stored?.words?.length) {
        recordedText = stored.words.map((word) => ({ text: word.text, box: word.box }));
      }
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
    const saliencyKey = templateKey && !input.templateUploadId ? saliencyKeyOf(templateKey) : null;
    // Stored after the template's first swap: the engine skips the model's run on the template.
    const templateSaliency = saliencyKey ? await storage.get('category-images', saliencyKey) : null;
    const removeMask = input.removeMask
      ? await storage.get('user-creations', input.removeMask.key)
      : null;
    if (input.removeMask && !removeMask) {
      throw new EngineError('bad_input', 'The painted area to remove is missing.');
    }
    const request: SwapRequest = {
      template: new Uint8Array(templateFile.body),
      product,
      productCutOut: await deps.cutOuts.load(row.userId, input.productUploadId, product),
      ...(productBox ? { productBox } : {}),
      ...(input.placement
        ? { placement: { box: input.placement.box, rotation: input.placement.rotation ?? 0 } }
        : {}),
      ...(removeMask
        ? { productMask: { png: new Uint8Array(removeMask.body), painted: true } }
        : {}),
      ...(analysis ? { analysis } : {}),
      ...(templateSaliency ? { templateSaliency: new Uint8Array(templateSaliency.body) } : {}),
      ...(recordedText ? { recordedText } : {}),
      ...(input.includeText !== undefined ? { includeText: input.includeText } : {}),
      replacements: input.replacements.filter((r) => r.toReplace.trim()),
      size: input.size,
    };
    return { request, saliencyKey };
  }

  /** Keeps a template's saliency map for its next swaps; a failure only costs that time again. */
  async function keepTemplateSaliency(key: string, png: Uint8Array, generationId: string) {
    await storage
      .put({ bucket: 'category-images', key, body: Buffer.from(png), contentType: 'image/png' })
      .catch((error: unknown) =>
        logger.warn({ err: error, generationId }, 'could not keep the template saliency map'),
      );
  }

  /** The pixel size of the template a swap starts from (its source was checked already). */
  async function templateSizeOf(
    userId: string,
    input: Pick<SwapInput, 'templateId' | 'communityTemplateId' | 'templateUploadId'>,
  ): Promise<{ width: number; height: number }> {
    if (input.templateId !== undefined) {
      const template = await selectOfficialTemplate(db, input.templateId);
      if (template) return { width: template.width, height: template.height };
    }
    const file = input.communityTemplateId
      ? await storage.get(
          'category-images',
          (await selectCommunityTemplate(db, input.communityTemplateId))?.imageKey ?? '',
        )
      : input.templateUploadId
        ? await storage.get(
            'temp-images',
            (await selectOwnUpload(db, { ownerId: userId, id: input.templateUploadId }))?.key ?? '',
          )
        : null;
    const meta = file ? await sharp(file.body).metadata() : null;
    if (!meta?.width || !meta.height) {
      throw new DomainError('not_found', 'Template not found', 'template_not_found');
    }
    // Browsers show a photo turned by its EXIF orientation; the editor paints on that.
    const isTurned = (meta.orientation ?? 1) >= 5;
    return isTurned
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  }

  return {
    toView,

    async createSwap(
      userId: string,
      input: SwapInput,
      options: StartOptions = {},
    ): Promise<GenerationView> {
      const templateSources = [
        input.templateId,
        input.communityTemplateId,
        input.templateUploadId,
      ].filter((source) => source !== undefined);
      if (templateSources.length !== 1) {
        throw new DomainError('invalid', GENERATION_MESSAGES.invalidTemplate, 'invalid_template');
      }
      if (input.templateId !== undefined && !(await selectOfficialTemplate(db, input.templateId))) {
        throw new DomainError('not_found', 'Template not found', 'template_not_found');
      }
      if (input.communityTemplateId !== undefined) {
        const template = await selectCommunityTemplate(db, input.communityTemplateId);
        if (!template)
          throw new DomainError('not_found', 'Template not found', 'template_not_found');
        if (!template.isPublic && template.userId !== userId) {
          throw new DomainError(
            'forbidden',
            'You cannot access this private template',
            'private_template',
          );
        }
      }
      for (const uploadId of [input.productUploadId, input.templateUploadId]) {
        if (uploadId && !(await selectOwnUpload(db, { ownerId: userId, id: uploadId }))) {
          throw new DomainError('not_found', GENERATION_MESSAGES.missingUrls, 'upload_not_found');
        }
      }
      await assertCanStart(userId, input.visibility);
      const { templateId, communityTemplateId, removeMask, ...rest } = input;
      let storedMask: StoredRemoveMask | undefined;
      if (removeMask !== undefined) {
        const checked = await checkRemoveMask(removeMask, await templateSizeOf(userId, input));
        storedMask = { key: `${userId}/remove-masks/${randomUUID()}.png`, box: checked.box };
        await storage.put({
          bucket: 'user-creations',
          key: storedMask.key,
          body: checked.png,
          contentType: 'image/png',
        });
      }
      return start({
        userId,
        kind: 'swap',
        input: {
          kind: 'swap',
          ...rest,
          ...(storedMask ? { removeMask: storedMask, productBox: undefined } : {}),
        },
        templateId: templateId ?? null,
        userTemplateId: communityTemplateId ?? null,
        options,
      });
    },

    async createChat(
      userId: string,
      input: ChatInput,
      options: StartOptions = {},
    ): Promise<GenerationView> {
      for (const id of input.referenceUploadIds) {
        if (!(await selectOwnUpload(db, { ownerId: userId, id }))) {
          throw new DomainError(
            'not_found',
            'Failed to load image from library',
            'upload_not_found',
          );
        }
      }
      await assertCanStart(userId, input.visibility);
      return start({ userId, kind: 'chat', input: { kind: 'chat', ...input }, options });
    },

    /** The generation, for its owner only: another person's id reads as missing. */
    async getForUser(userId: string, id: string): Promise<GenerationRow> {
      const row = await findGeneration(db, id).catch(() => null);
      if (!row || row.userId !== userId)
        throw new DomainError('not_found', 'Generation not found', 'not_found');
      return row;
    },

    /** A page of the person's generations, newest first. */
    async listForUser(
      userId: string,
      page: { offset: number; limit: number; status?: GenerationView['status'] | undefined },
    ): Promise<GenerationView[]> {
      const rows = await selectUserGenerations(db, { userId, ...page });
      return Promise.all(rows.map((row) => toView(row)));
    },

    /** A generation by its public number (the one in `design_<number>.png`), owner only. */
    async getByNumberForUser(userId: string, number: number): Promise<GenerationRow> {
      const row = await findGenerationByNumber(db, { userId, number });
      if (!row) throw new DomainError('not_found', 'Generation not found', 'not_found');
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
      if (!file) throw new DomainError('not_found', 'The image is not ready.', 'not_ready');
      const allowed = resolveDownloadOptions({ tier: await deps.readTier(userId), ...request });
      return renderDownload({
        png: file.body,
        ...allowed,
        name: request.name ?? '',
        fallbackName: fileName.replace(/\.png$/, ''),
      });
    },

    /**
     * Runs one job under a lease it renews; safe to deliver twice (the second finds nothing to
     * claim). A job whose lease another live runner holds is left alone: `leased-elsewhere` asks
     * the queue to deliver it again later, when that runner may have died.
     */
    async run(id: string): Promise<RunOutcome> {
      const claimed = await claimGeneration(db, id, lease);
      if (!claimed) return (await isLeaseLive(db, id)) ? 'leased-elsewhere' : 'nothing-to-do';
      if (claimed.attempts > MAX_ATTEMPTS) {
        await failGeneration(db, {
          generation: claimed,
          steps: failActiveStep(claimed.steps as GenerationStepState[]),
          code: 'interrupted',
          message: 'The generation was interrupted. Your credit was refunded.',
        });
        deps.events.notify(id);
        await announceEnd(id);
        return 'finished';
      }
      // Renewed while the job runs; a lost lease (taken over after a stall) stops the provider.
      const leaseLost = new AbortController();
      const renewal = setInterval(
        () => {
          renewLease(db, id, lease).then(
            (held) => {
              if (!held) leaseLost.abort(new EngineError('timeout', 'The job was taken over.'));
            },
            (error: unknown) =>
              logger.warn({ err: error, generationId: id }, 'lease renewal failed'),
          );
        },
        Math.max(100, Math.floor(lease.ms / 3)),
      );
      const handBack = new AbortController();
      handBacks.set(id, handBack);
      let steps = claimed.steps as GenerationStepState[];
      const advance = async (key: GenerationStepState['key']) => {
        steps = activateStep(steps, key);
        await saveSteps(db, claimed, steps);
        deps.events.notify(id);
      };
      const input = claimed.input as StoredInput;
      const started = performance.now();
      try {
        await advance('check');
        const signal = AbortSignal.any([
          AbortSignal.timeout(deps.timeoutMs),
          leaseLost.signal,
          handBack.signal,
        ]);
        await advance('upload');
        let png: Uint8Array;
        let note: string | undefined;
        let frame: { crop: Box } | undefined;
        if (input.kind === 'swap') {
          const { request, saliencyKey } = await buildSwapRequest(claimed, input);
          await advance('create');
          const result = await deps.provider.swap(request, { signal });
          ({ png, note, frame } = result);
          if (saliencyKey && result.templateSaliency) {
            await keepTemplateSaliency(saliencyKey, result.templateSaliency, id);
          }
        } else {
          const references = await Promise.all(
            input.referenceUploadIds.map((uploadId) => readUpload(claimed.userId, uploadId)),
          );
          await advance('create');
          ({ png, note } = await deps.provider.chat(
            {
              prompt: input.prompt,
              references,
              size: input.size,
              ...(input.variation ? { variation: input.variation } : {}),
            },
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
            generation: {
              ...claimed,
              input: { ...input, ...(note ? { note } : {}), ...(frame ? { frame } : {}) },
            },
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
                  name: (input.kind === 'swap' && input.templateName) || `Design ${claimed.number}`,
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
        // Stopped because this process shuts down: not the job's failure. Its lease is given up so
        // that the runner the queue hands it to next takes it over at once; its credit stays.
        if (handBack.signal.aborted && (await releaseLease(db, id, lease))) {
          logger.info({ generationId: id }, 'generation handed back');
          return 'handed-back';
        }
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
        clearInterval(renewal);
        handBacks.delete(id);
        deps.events.notify(id);
      }
      await announceEnd(id);
      return 'finished';
    },

    /**
     * Stops this runner's jobs and gives their leases up (a worker's shutdown after its grace
     * period): each run ends with `handed-back`, and the queue delivers the job to another runner.
     */
    handBackRunning() {
      for (const controller of handBacks.values()) controller.abort();
      return handBacks.size;
    },

    /**
     * At start: queued jobs wait again; running ones were interrupted and run again or fail.
     * `onlyExpiredLeases` (several runners): a running job whose lease still holds belongs to a
     * live runner elsewhere and is left alone; one whose lease expired is handed back to the queue.
     */
    async recoverUnfinished(options: { onlyExpiredLeases?: boolean } = {}): Promise<number> {
      const unfinished = await listUnfinishedGenerations(db);
      for (const row of unfinished) {
        if (row.status === 'running' && options.onlyExpiredLeases) {
          if (await isLeaseLive(db, row.id)) continue;
          await deps.queue.enqueue(row.id);
          continue;
        }
        if (row.status === 'running') {
          if (row.attempts >= MAX_ATTEMPTS) {
            await failGeneration(db, {
              generation: row,
              steps: failActiveStep(row.steps as GenerationStepState[]),
              code: 'interrupted',
              message: 'The generation was interrupted. Your credit was refunded.',
            });
            await announceEnd(row.id);
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
