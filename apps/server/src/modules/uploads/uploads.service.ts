import { createHash, randomUUID } from 'node:crypto';
import {
  BROWSE_MESSAGES,
  PAGE_SIZE,
  SIGNED_URL_TTL,
  UPLOAD_LIMITS,
  applyRename,
  monthYearOf,
  stripExtension,
  extensionOf,
  type DirectUploadTicket,
  type UploadPage,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { DomainError } from '../../domain-error.js';
import { imagePath } from '../../platform/images/image-paths.js';
import { checkUploadedImage, cleanFileName } from '../../platform/images/validate-image.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import {
  countUploads,
  deleteOwnUpload,
  insertStoredObject,
  selectOwnUpload,
  selectOwnUploadByHash,
  selectUploadsPage,
  sumUploadedBytes,
  updateUploadName,
  uploadNameTaken,
} from './uploads.queries.js';

/** The types a browser may declare for a direct upload; the bytes are judged again on confirming. */
const DIRECT_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Where a direct upload waits, in its owner's folder, until it is confirmed (and then removed). */
const incomingKey = (ownerId: string, id: string) => `${ownerId}/incoming/${id}`;

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
}

export function createUploadsService(deps: {
  db: Database;
  storage: ObjectStorage;
  /** Room each person has for their stored files (UPLOAD_QUOTA_MB). */
  quotaBytes: number;
}) {
  async function assertRoomFor(ownerId: string, bytes: number) {
    const used = await sumUploadedBytes(deps.db, ownerId);
    if (used + bytes > deps.quotaBytes) {
      throw new DomainError(
        'too_large',
        `Your storage is full (${Math.round(deps.quotaBytes / 1024 / 1024)} MB). Delete some uploads to make room.`,
        'quota_exceeded',
      );
    }
  }

  const service = {
    /** Whether files may go straight into the store (S3) rather than through the API. */
    acceptsDirectUploads: Boolean(deps.storage.createUploadUrl),

    /**
     * Stores an image in the caller's temp-images folder; a taken name gets " (2)", " (3)"...
     * The same bytes uploaded again are not stored twice: the earlier upload is answered, with
     * `isNew` false (its cut-out and touch-ups stay with it).
     */
    async uploadImage(options: { ownerId: string; bytes: Buffer; fileName: string | undefined }) {
      const contentHash = createHash('sha256').update(options.bytes).digest('hex');
      const existing = await selectOwnUploadByHash(deps.db, {
        ownerId: options.ownerId,
        contentHash,
      });
      if (existing) return { item: toItem(existing), isNew: false };
      await assertRoomFor(options.ownerId, options.bytes.length);
      const image = await checkUploadedImage(options.bytes);
      const key = `${options.ownerId}/${randomUUID()}.${image.extension}`;
      await deps.storage.put({
        bucket: 'temp-images',
        key,
        body: options.bytes,
        contentType: image.type,
      });
      const wanted = cleanFileName(options.fileName, image.extension);
      for (let attempt = 1; attempt <= 50; attempt++) {
        const name =
          attempt === 1 ? wanted : `${stripExtension(wanted)} (${attempt})${extensionOf(wanted)}`;
        try {
          const row = await insertStoredObject(deps.db, {
            bucket: 'temp-images',
            key,
            ownerId: options.ownerId,
            name,
            contentType: image.type,
            size: options.bytes.length,
            width: image.width,
            height: image.height,
            contentHash,
          });
          return { item: toItem(row), isNew: true };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      await deps.storage.delete('temp-images', key);
      throw new DomainError('conflict', BROWSE_MESSAGES.duplicateName, 'duplicate_name');
    },

    /**
     * How the browser sends a file: straight into the store through a presigned PUT whose signed
     * headers fix its size and type (S3), or through `POST /uploads` (a store that only the API
     * writes, the embedded local disk). The declared size and type are judged here to answer
     * early; the bytes are judged again by {@link confirmDirectUpload}.
     */
    async startDirectUpload(options: {
      ownerId: string;
      size: number;
      contentType: string;
    }): Promise<DirectUploadTicket> {
      if (!deps.storage.createUploadUrl) return { mode: 'form' };
      if (options.size > UPLOAD_LIMITS.maxBytes) {
        throw new DomainError('too_large', 'File too large (max 10MB)', 'too_large');
      }
      if (!DIRECT_UPLOAD_TYPES.includes(options.contentType)) {
        throw new DomainError('unsupported_type', BROWSE_MESSAGES.uploadTypes, 'unsupported_type');
      }
      await assertRoomFor(options.ownerId, options.size);
      const id = randomUUID();
      const target = await deps.storage.createUploadUrl(
        'temp-images',
        incomingKey(options.ownerId, id),
        { contentType: options.contentType, size: options.size, ttlSeconds: SIGNED_URL_TTL.image },
      );
      return { mode: 'presigned-put', id, method: 'PUT', ...target };
    },

    /**
     * Takes a file the browser put in the store: read back, checked by the rules of every upload
     * (decoded in full, same limits and texts) and stored as {@link uploadImage} does. The waiting
     * object is removed whatever the outcome, so a refused file does not stay. The key is built
     * from the caller's id: someone else's upload id finds nothing.
     */
    async confirmDirectUpload(options: { ownerId: string; id: string; fileName?: string }) {
      const key = incomingKey(options.ownerId, options.id);
      const file = await deps.storage.get('temp-images', key);
      if (!file) throw new DomainError('not_found', 'Upload not found', 'not_found');
      try {
        return await service.uploadImage({
          ownerId: options.ownerId,
          bytes: file.body,
          fileName: options.fileName,
        });
      } finally {
        await deps.storage.delete('temp-images', key);
      }
    },

    /** One page of the caller's uploads and how many the same search lists in all. */
    async listUploads(options: {
      ownerId: string;
      search?: string;
      offset: number;
      limit: number;
    }): Promise<UploadPage> {
      const search = options.search?.trim() || undefined;
      const [rows, total] = await Promise.all([
        selectUploadsPage(deps.db, {
          ...options,
          search,
          limit: Math.min(options.limit, PAGE_SIZE.max),
        }),
        countUploads(deps.db, { ownerId: options.ownerId, search }),
      ]);
      return { items: rows.map(toItem), total };
    },

    /** Only the owner renames; the extension is kept and an existing name is refused. */
    async renameUpload(options: { ownerId: string; id: string; name: string }) {
      const upload = await selectOwnUpload(deps.db, options);
      if (!upload) throw new DomainError('not_found', 'Image not found', 'not_found');
      const name = applyRename(upload.name, options.name);
      if (!name) throw new DomainError('invalid', 'Name cannot be empty', 'empty_name');
      if (name.length > 120) throw new DomainError('invalid', 'Name is too long', 'name_too_long');
      if (name === upload.name) return toItem(upload);
      if (await uploadNameTaken(deps.db, { ownerId: options.ownerId, name, exceptId: upload.id })) {
        throw new DomainError('conflict', BROWSE_MESSAGES.duplicateName, 'duplicate_name');
      }
      try {
        const updated = await updateUploadName(deps.db, { ...options, name });
        if (!updated) throw new DomainError('not_found', 'Image not found', 'not_found');
        return toItem({ ...upload, name: updated.name });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainError('conflict', BROWSE_MESSAGES.duplicateName, 'duplicate_name');
        }
        throw error;
      }
    },

    async deleteUpload(options: { ownerId: string; id: string }) {
      const removed = await deleteOwnUpload(deps.db, options);
      if (!removed) throw new DomainError('not_found', 'Image not found', 'not_found');
      await deps.storage.delete('temp-images', removed.key);
      // Its cut-out (and the person's touch-ups) went with it.
      for (const extension of ['png', 'json']) {
        await deps.storage.delete(
          'temp-images',
          `${options.ownerId}/cutouts/${options.id}.${extension}`,
        );
      }
    },
  };
  return service;
}

function toItem(row: { id: string; name: string; key: string; createdAt: Date }) {
  return {
    id: row.id,
    name: row.name,
    url: imagePath('temp-images', row.key),
    createdAt: row.createdAt.toISOString(),
    monthYear: monthYearOf(row.createdAt),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
