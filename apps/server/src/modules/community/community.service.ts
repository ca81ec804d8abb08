import { randomUUID } from 'node:crypto';
import {
  BROWSE_MESSAGES,
  PAGE_SIZE,
  isPaidTier,
  type CommunityTemplate,
  type OwnedCommunityTemplate,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import { COMMUNITY_PREFIX, imagePath } from '../../platform/images/image-paths.js';
import { checkUploadedImage } from '../../platform/images/validate-image.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import {
  insertUserTemplate,
  selectCommunityTemplates,
  selectOwnTemplates,
  selectUserTemplate,
  updateTemplateName,
  updateVisibility,
} from './community.queries.js';

export const UPGRADE_REQUIRED = 'upgrade_required';

type Row = Awaited<ReturnType<typeof selectOwnTemplates>>[number];

function toCard(row: Row): CommunityTemplate {
  return {
    id: row.id,
    name: row.name,
    imageUrl: imagePath('category-images', row.imageKey),
    isPublic: row.isPublic,
    usageCount: row.usageCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCommunityService(deps: {
  db: Database;
  storage: ObjectStorage;
  /** The person's plan, settled (the billing service's readTier). */
  readTier: (userId: string) => Promise<string>;
}) {
  /** The one rule for private templates, on creation as on a later change. */
  async function requirePaidForPrivate(userId: string, isPublic: boolean) {
    if (!isPublic && !isPaidTier(await deps.readTier(userId))) {
      throw new DomainError('forbidden', 'Private templates need a paid plan', UPGRADE_REQUIRED);
    }
  }

  return {
    async listOwnTemplates(options: { userId: string; offset: number; limit: number }) {
      const rows = await selectOwnTemplates(deps.db, {
        ...options,
        limit: Math.min(options.limit, PAGE_SIZE.max),
      });
      return rows.map(toCard);
    },

    async listCommunityTemplates(options: {
      userId: string;
      search?: string | undefined;
      offset: number;
      limit: number;
    }) {
      const rows = await selectCommunityTemplates(deps.db, {
        exceptUserId: options.userId,
        search: options.search?.trim() ?? '',
        offset: options.offset,
        limit: Math.min(options.limit, PAGE_SIZE.max),
      });
      return rows.map(toCard);
    },

    /** A community template for its owner, or for anyone signed in while it is public. */
    async getCommunityTemplate(options: {
      userId: string;
      id: string;
    }): Promise<OwnedCommunityTemplate> {
      const row = await selectUserTemplate(deps.db, options.id);
      if (!row) throw new DomainError('not_found', BROWSE_MESSAGES.templateNotFound, 'not_found');
      if (!row.isPublic && row.userId !== options.userId) {
        throw new DomainError(
          'forbidden',
          BROWSE_MESSAGES.privateTemplateDenied,
          'private_template',
        );
      }
      return { ...toCard(row), isOwner: row.userId === options.userId };
    },

    /** A new template; private only on a paid plan, refused like the visibility change. */
    async createUserTemplate(options: {
      userId: string;
      name: string;
      bytes: Buffer;
      isPublic: boolean;
    }) {
      await requirePaidForPrivate(options.userId, options.isPublic);
      const image = await checkUploadedImage(options.bytes);
      const key = `${COMMUNITY_PREFIX}${options.userId}/${randomUUID()}.${image.extension}`;
      await deps.storage.put({
        bucket: 'category-images',
        key,
        body: options.bytes,
        contentType: image.type,
      });
      const row = await insertUserTemplate(deps.db, {
        userId: options.userId,
        name: options.name.trim().slice(0, 120) || 'My template',
        imageKey: key,
        isPublic: options.isPublic,
        usageCount: 0,
      });
      return toCard(row);
    },

    /** Only the owner names a template; the name is what the community sees. */
    async renameTemplate(options: { userId: string; id: string; name: string }) {
      const name = options.name.trim().slice(0, 120);
      if (!name) throw new DomainError('invalid', 'Name cannot be empty', 'empty_name');
      const row = await updateTemplateName(deps.db, { ...options, name });
      if (!row) throw new DomainError('not_found', BROWSE_MESSAGES.templateNotFound, 'not_found');
      return toCard(row);
    },

    /**
     * Only the owner changes visibility; private needs a paid tier (403 upgrade_required, nothing
     * changes). Someone else's id answers 404, as if it did not exist.
     */
    async setVisibility(options: { userId: string; id: string; isPublic: boolean }) {
      await requirePaidForPrivate(options.userId, options.isPublic);
      const row = await updateVisibility(deps.db, options);
      if (!row) throw new DomainError('not_found', BROWSE_MESSAGES.templateNotFound, 'not_found');
      return {
        template: toCard(row),
        message: row.isPublic ? BROWSE_MESSAGES.nowPublic : BROWSE_MESSAGES.nowPrivate,
      };
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
