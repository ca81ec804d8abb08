/**
 * Administrator commands, run with the server's environment (`npm run admin -- <command>` after
 * `npm run build`; `npx tsx apps/server/src/admin.ts <command>` in development). The embedded
 * database allows one process at a time: stop the server first, or use DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import {
  CATEGORIES,
  SUBSCRIPTION_TIERS,
  isCategory,
  tierLabel,
  type PaidTier,
} from '@adtwin/shared';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { createBillingService } from './modules/billing/billing.service.js';
import { prepareFolderImport, seedCatalogue } from './modules/catalogue/catalogue.service.js';
import { selectOfficialImageKeys } from './modules/catalogue/catalogue.queries.js';
import { createImagesService } from './modules/images/images.service.js';
import { createTestBillingProvider } from './platform/billing/test-billing-provider.js';
import { createImageVariants } from './platform/images/image-variants.js';
import { createStorageAdapters } from './adapters.js';

const USAGE = `Usage:
  adtwin-admin grant-credits <email> <amount>
  adtwin-admin set-plan <email> <${SUBSCRIPTION_TIERS.join('|')}> [days]
  adtwin-admin add-templates <folder> <category>   category: ${CATEGORIES.join(', ')}
  adtwin-admin make-avif                           AVIF thumbnails of every official template

Opens the database of the configuration (DATABASE_URL, else the embedded one in DATA_DIR/db).
The embedded database allows one process at a time: stop the server first.`;

export class AdminUsageError extends Error {}

async function runBillingCommand(
  database: DatabaseHandle,
  config: Config,
  args: string[],
): Promise<string> {
  const [command, email, value, extra] = args;
  if (!email || !value) throw new AdminUsageError(USAGE);
  const billing = createBillingService({
    db: database.db,
    // Admin commands never reach a payment provider; they write the plan directly.
    provider: createTestBillingProvider({ publicUrl: config.appUrl ?? 'http://localhost' }),
    publicUrl: config.appUrl ?? 'http://localhost',
    logger: pino({ level: 'silent' }),
  });
  let state;
  if (command === 'grant-credits') {
    const amount = Number(value);
    if (!Number.isInteger(amount) || amount <= 0 || amount > 100_000)
      throw new AdminUsageError('The amount must be a whole number from 1 to 100000.');
    state = await billing.grantCreditsByEmail(email, amount);
  } else {
    if (!(SUBSCRIPTION_TIERS as readonly string[]).includes(value))
      throw new AdminUsageError(`Unknown plan "${value}". ${USAGE}`);
    const days = extra === undefined ? undefined : Number(extra);
    if (days !== undefined && (!Number.isInteger(days) || days <= 0 || days > 3660))
      throw new AdminUsageError('Days must be a whole number from 1 to 3660.');
    state = await billing.setPlanByEmail(email, value as PaidTier | 'free', days);
  }
  if (!state) throw new Error('The account has no profile yet.');
  const period = state.periodEndsAt ? `, period ends ${state.periodEndsAt.toISOString()}` : '';
  return `${state.email}: ${tierLabel(state.tier)}, ${state.creditsUsed} of ${state.credits} credits used${period}`;
}

/** Runs one admin command; returns what to print. */
export async function runAdminCommand(
  args: string[],
  /** The environment; the process's own when absent (read by config.ts). */
  env?: Record<string, string | undefined>,
): Promise<string> {
  const [command, first, second] = args;
  const known = ['grant-credits', 'set-plan', 'add-templates', 'make-avif'];
  if (!command || !known.includes(command)) throw new AdminUsageError(USAGE);
  if (command === 'add-templates' && !(first && second && isCategory(second)))
    throw new AdminUsageError(USAGE);
  const config = env ? loadConfig(env) : loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    if (command === 'add-templates') {
      const { storage } = createStorageAdapters(config);
      const { dir, entries } = await prepareFolderImport({
        folder: path.resolve(first!),
        category: second as never,
      });
      const added = await seedCatalogue({ db: database.db, storage, dir, entries });
      fs.rmSync(dir, { recursive: true, force: true });
      return `${added} of ${entries.length} images added as ${second} templates`;
    }
    if (command === 'make-avif') {
      const { storage, signer, variantCache } = createStorageAdapters(config);
      const images = createImagesService({
        db: database.db,
        storage,
        signer,
        variants: createImageVariants({ cache: variantCache }),
      });
      const keys = await selectOfficialImageKeys(database.db);
      const made = await images.premakeAvif(
        keys.map((key) => ({ bucket: 'category-images' as const, key })),
      );
      return `${made} AVIF thumbnails made for ${keys.length} official templates`;
    }
    return await runBillingCommand(database, config, args);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runAdminCommand(process.argv.slice(2)).then(
    (output) => console.log(output),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(error instanceof AdminUsageError ? 2 : 1);
    },
  );
}
