/**
 * Administrator commands, run beside a stopped or running server with the same environment:
 *
 *   node apps/server/dist/admin.js add-templates <folder> <category>
 *   node apps/server/dist/admin.js set-plan <email> <tier>
 *   node apps/server/dist/admin.js make-avif
 *
 * (`npx tsx apps/server/src/admin.ts ...` in development.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { CATEGORIES, SUBSCRIPTION_TIERS, isCategory, type SubscriptionTier } from '@adtwin/shared';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { prepareFolderImport, seedCatalogue } from './modules/catalogue/catalogue.service.js';
import { selectOfficialImageKeys } from './modules/catalogue/catalogue.queries.js';
import { setPlan } from './modules/dev-fixtures/dev-fixtures.service.js';
import { createImagesService } from './modules/images/images.service.js';
import { createImageVariants } from './platform/images/image-variants.js';
import { loadOrCreateSecret } from './platform/secret.js';
import { createLocalDiskStorage } from './platform/storage/local-disk-storage.js';
import { createUrlSigner } from './platform/storage/url-signer.js';

const USAGE = `Usage:
  admin add-templates <folder> <category>   category: ${CATEGORIES.join(', ')}
  admin set-plan <email> <tier>             tier: ${SUBSCRIPTION_TIERS.join(', ')}
  admin make-avif                           AVIF thumbnails of every official template, ahead of time`;

async function main(argv: string[]) {
  const [command, first, second] = argv;
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    if (command === 'add-templates' && first && second && isCategory(second)) {
      const signer = createUrlSigner(
        loadOrCreateSecret({ configured: config.authSecret, dataDir: config.dataDir }),
      );
      const storage = createLocalDiskStorage({
        root: path.join(config.dataDir, 'storage'),
        signer,
      });
      const { dir, entries } = await prepareFolderImport({
        folder: path.resolve(first),
        category: second,
      });
      const added = await seedCatalogue({ db: database.db, storage, dir, entries });
      fs.rmSync(dir, { recursive: true, force: true });
      console.log(`${added} of ${entries.length} images added as ${second} templates`);
      return 0;
    }
    if (command === 'make-avif') {
      const signer = createUrlSigner(
        loadOrCreateSecret({ configured: config.authSecret, dataDir: config.dataDir }),
      );
      const storage = createLocalDiskStorage({
        root: path.join(config.dataDir, 'storage'),
        signer,
      });
      const images = createImagesService({
        db: database.db,
        storage,
        signer,
        variants: createImageVariants({ cacheDir: path.join(config.dataDir, 'variants') }),
      });
      const keys = await selectOfficialImageKeys(database.db);
      const made = await images.premakeAvif(
        keys.map((key) => ({ bucket: 'category-images' as const, key })),
      );
      console.log(`${made} AVIF thumbnails made for ${keys.length} official templates`);
      return 0;
    }
    if (
      command === 'set-plan' &&
      first &&
      SUBSCRIPTION_TIERS.includes(second as SubscriptionTier)
    ) {
      const changed = await setPlan(database.db, {
        email: first,
        tier: second as SubscriptionTier,
      });
      console.log(changed ? `${first} is now on ${second}` : `No user with the e-mail ${first}`);
      return changed ? 0 : 1;
    }
    console.error(USAGE);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
