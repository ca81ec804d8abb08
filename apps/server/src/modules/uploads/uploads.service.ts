import { createHash, randomUUID } from 'node:crypto';
import {
  BROWSE_MESSAGES,
  PAGE_SIZE,
  applyRename,
  monthYearOf,
  stripExtension,
  extensionOf,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { PublicError } from '../../http/errors.js';
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
  return {
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
      const used = await sumUploadedBytes(deps.db, options.ownerId);
      if (used + options.bytes.length > deps.quotaBytes) {
        throw new PublicError(
          413,
          `Your storage is full (${Math.round(deps.quotaBytes / 1024 / 1024)} MB). Delete some uploads to make room.`,
          'quota_exceeded',
        );
      }
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
      throw new PublicError(409, BROWSE_MESSAGES.duplicateName, 'duplicate_name');
    },

    /** One page of the caller's uploads and how many the same search lists in all. */
    async listUploads(options: {
      ownerId: string;
      search?: string;
      offset: number;
      limit: number;
    }) {
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
      if (!upload) throw new PublicError(404, 'Image not found', 'not_found');
      const name = applyRename(upload.name, options.name);
      if (!name) throw new PublicError(400, 'Name cannot be empty', 'empty_name');
      if (name.length > 120) throw new PublicError(400, 'Name is too long', 'name_too_long');
      if (name === upload.name) return toItem(upload);
      if (await uploadNameTaken(deps.db, { ownerId: options.ownerId, name, exceptId: upload.id })) {
        throw new PublicError(409, BROWSE_MESSAGES.duplicateName, 'duplicate_name');
      }
      try {
        const updated = await updateUploadName(deps.db, { ...options, name });
        if (!updated) throw new PublicError(404, 'Image not found', 'not_found');
        return toItem({ ...upload, name: updated.name });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new PublicError(409, BROWSE_MESSAGES.duplicateName, 'duplicate_name');
        }
        throw error;
      }
    },

    async deleteUpload(options: { ownerId: string; id: string }) {
      const removed = await deleteOwnUpload(deps.db, options);
      if (!removed) throw new PublicError(404, 'Image not found', 'not_found');
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
