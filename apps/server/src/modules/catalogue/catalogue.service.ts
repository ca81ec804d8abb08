import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { z } from 'zod';
import { BoxSchema, CATEGORIES } from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import { OFFICIAL_PREFIX } from '../../platform/images/image-paths.js';
import type { ObjectStorage } from '../../platform/storage/object-storage.js';
import { detectImageType } from '../../platform/storage/content-type.js';
import { insertMissingTemplates, type NewTemplate } from './catalogue.queries.js';

/** One line of `catalogue/manifest.json` (written by scripts/build-catalogue.ts). */
export const ManifestEntrySchema = z.object({
  file: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(jpg|png|webp)$/),
  name: z.string().min(1).max(120),
  category: z.enum(CATEGORIES),
  attribution: z.string().nullable(),
  licence: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  productBox: BoxSchema,
  words: z.array(z.object({ text: z.string(), role: z.string(), box: BoxSchema })),
});
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

/** The catalogue folder beside the source in development, beside the bundle in builds. */
export function findCatalogueDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../catalogue'),
    path.resolve(here, 'catalogue'),
    path.resolve(here, '../catalogue'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'manifest.json'))) ?? null;
}

export function readManifest(dir: string): ManifestEntry[] {
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as unknown;
  return z.array(ManifestEntrySchema).parse(raw);
}

/**
 * Puts the official templates of a manifest into storage and the table. Idempotent: images already
 * stored are skipped and rows conflict on their image key, so every start may call it.
 * Entries are inserted oldest first with one second between them, so "Newest" has an order.
 */
export async function seedCatalogue(deps: {
  db: Database;
  storage: ObjectStorage;
  dir: string;
  entries?: ManifestEntry[];
}): Promise<number> {
  const entries = deps.entries ?? readManifest(deps.dir);
  const base = Date.now() - entries.length * 1000;
  const rows: NewTemplate[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = `${OFFICIAL_PREFIX}${entry.file}`;
    if (!(await deps.storage.exists('category-images', key))) {
      const body = fs.readFileSync(path.join(deps.dir, 'images', entry.file));
      const type = await detectImageType(body);
      if (!type) throw new Error(`catalogue image ${entry.file} is not png, jpeg or webp`);
      await deps.storage.put({ bucket: 'category-images', key, body, contentType: type });
    }
    rows.push({
      name: entry.name,
      category: entry.category,
      imageKey: key,
      width: entry.width,
      height: entry.height,
      productBox: entry.productBox,
      analysis: { words: entry.words, licence: entry.licence },
      attribution: entry.attribution,
      createdAt: new Date(base + index * 1000),
    });
  }
  return insertMissingTemplates(deps.db, rows);
}

/**
 * Entries for every image in a folder (admin command): name from the file name, category given,
 * product box the middle half until the engine measures it. Images are re-encoded to at most
 * 1600 px JPEG into a temporary folder first, so the seed stores small files.
 */
export async function prepareFolderImport(options: {
  folder: string;
  category: (typeof CATEGORIES)[number];
}): Promise<{ dir: string; entries: ManifestEntry[] }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adtwin-import-'));
  fs.mkdirSync(path.join(outDir, 'images'), { recursive: true });
  const files = fs
    .readdirSync(options.folder)
    .filter((file) => /\.(jpe?g|png|webp)$/i.test(file))
    .sort();
  const entries: ManifestEntry[] = [];
  for (const file of files) {
    const stem = path.basename(file, path.extname(file));
    const slug =
      stem
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'image';
    const source = fs.readFileSync(path.join(options.folder, file));
    // Named by content, so importing the same folder twice adds nothing the second time.
    const digest = createHash('sha256').update(source).digest('hex').slice(0, 12);
    const outFile = `${options.category}-${slug}-${digest}.jpg`;
    const info = await sharp(source)
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(path.join(outDir, 'images', outFile));
    entries.push({
      file: outFile,
      name: stem.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'Template',
      category: options.category,
      attribution: null,
      licence: 'Added by an administrator',
      width: info.width,
      height: info.height,
      productBox: {
        x: Math.round(info.width / 4),
        y: Math.round(info.height / 4),
        width: Math.round(info.width / 2),
        height: Math.round(info.height / 2),
      },
      words: [],
    });
  }
  return { dir: outDir, entries };
}
