import {
  API_KEY_MESSAGES,
  MAX_ACTIVE_GENERATIONS_PER_USER,
  MAX_BATCH_TEMPLATES,
  GENERATION_MESSAGES,
  type Batch,
  type BatchInput,
  type BatchItem,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import type { GenerationService } from '../generations/generations.service.js';
import { selectOwnUpload } from '../uploads/uploads.queries.js';
import { insertBatch, selectOwnBatch } from './batches.queries.js';

export function createBatchService(deps: { db: Database; generations: GenerationService }) {
  const { db } = deps;
  return {
    /**
     * One product into many official templates. Each item is an ordinary swap that reserves its
     * own credit, in the order asked: with 3 credits, 5 templates start 3 and the other 2 say
     * why. The batch's items may wait in the queue together (the running-jobs limit makes room
     * for them), so a batch is never refused for being a batch.
     */
    async create(
      userId: string,
      input: BatchInput,
      options: { apiKeyId?: string | undefined } = {},
    ): Promise<Batch> {
      if (input.templateIds.length < 1 || input.templateIds.length > MAX_BATCH_TEMPLATES) {
        throw new DomainError(
          'invalid',
          `Choose between 1 and ${MAX_BATCH_TEMPLATES} templates.`,
          'invalid_request',
        );
      }
      if (new Set(input.templateIds).size !== input.templateIds.length) {
        throw new DomainError(
          'invalid',
          API_KEY_MESSAGES.batchDuplicateTemplates,
          'invalid_request',
        );
      }
      if (!(await selectOwnUpload(db, { ownerId: userId, id: input.productUploadId }))) {
        throw new DomainError('not_found', GENERATION_MESSAGES.missingUrls, 'upload_not_found');
      }
      const items: BatchItem[] = [];
      for (const templateId of input.templateIds) {
        try {
          const generation = await deps.generations.createSwap(
            userId,
            {
              templateId,
              productUploadId: input.productUploadId,
              replacements: input.replacements,
              size: input.size,
            },
            {
              apiKeyId: options.apiKeyId,
              maxActive: MAX_ACTIVE_GENERATIONS_PER_USER + MAX_BATCH_TEMPLATES,
            },
          );
          items.push({ templateId, generationId: generation.id, error: null });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          items.push({
            templateId,
            generationId: null,
            error: { code: error.code ?? 'not_started', message: error.message },
          });
        }
      }
      const batch = await insertBatch(db, { userId, items });
      return { id: batch.id, items };
    },

    async get(userId: string, id: string) {
      const batch = await selectOwnBatch(db, { userId, id });
      if (!batch) throw new DomainError('not_found', 'Batch not found', 'not_found');
      return { id: batch.id, items: batch.items, createdAt: batch.createdAt.toISOString() };
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
