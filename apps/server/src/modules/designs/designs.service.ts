import { PAGE_SIZE, monthYearOf, type Design } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { imagePath } from '../../platform/images/image-paths.js';
import { checkUploadedImage } from '../../platform/images/validate-image.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { insertDesign, selectDesignsPage } from './designs.queries.js';

export function createDesignsService(deps: { db: Database; storage: ObjectStorage }) {
  return {
    async listDesigns(options: {
      userId: string;
      offset: number;
      limit: number;
    }): Promise<Design[]> {
      const rows = await selectDesignsPage(deps.db, {
        ...options,
        limit: Math.min(options.limit, PAGE_SIZE.max),
      });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        url: imagePath('user-creations', row.key),
        createdAt: row.createdAt.toISOString(),
        monthYear: monthYearOf(row.createdAt),
        number: row.number,
      }));
    },

    /**
     * Stores a finished design for a user. Used by tests, the development fixtures and, later, the
     * generation worker; `createdAt` lets tests place designs in earlier months.
     */
    async recordDesign(options: {
      userId: string;
      bytes: Buffer;
      templateId?: number | null;
      userTemplateId?: string | null;
      createdAt?: Date;
    }) {
      const image = await checkUploadedImage(options.bytes);
      return insertDesign(deps.db, {
        userId: options.userId,
        templateId: options.templateId ?? null,
        userTemplateId: options.userTemplateId ?? null,
        contentType: image.type,
        extension: image.extension,
        size: options.bytes.length,
        width: image.width,
        height: image.height,
        createdAt: options.createdAt ?? new Date(),
        storeFile: (key) =>
          deps.storage.put({
            bucket: 'user-creations',
            key,
            body: options.bytes,
            contentType: image.type,
          }),
      });
    },
  };
}

export type DesignsService = ReturnType<typeof createDesignsService>;
