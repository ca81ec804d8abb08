import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { createApp } from './app.js';
import { createAuth } from './modules/auth/auth.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createBugReportService } from './modules/bug-reports/bug-reports.service.js';
import { createProvider, type ImageProvider } from '@adtwin/engine';
import { createGenerationEvents } from './modules/generations/generation-events.js';
import { createGenerationService } from './modules/generations/generations.service.js';
import { createInProcessQueue } from './platform/queue/in-process-queue.js';
import { findCatalogueDir, seedCatalogue } from './modules/catalogue/catalogue.service.js';
import { createCommunityService } from './modules/community/community.service.js';
import { createDesignsService } from './modules/designs/designs.service.js';
import { createImagesService } from './modules/images/images.service.js';
import { createTemplatesService } from './modules/templates/templates.service.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { createImageVariants } from './platform/images/image-variants.js';
import { createAccountService } from './modules/account/account.service.js';
import { createBillingService } from './modules/billing/billing.service.js';
import type { BillingProvider } from './platform/billing/billing-provider.js';
import { createStripeBillingProvider } from './platform/billing/stripe-billing-provider.js';
import { createTestBillingProvider } from './platform/billing/test-billing-provider.js';
import { createOutboxMailer } from './platform/mail/outbox-mailer.js';
import { createSmtpMailer } from './platform/mail/smtp-mailer.js';
import { loadOrCreateSecret } from './platform/secret.js';
import { createLocalDiskStorage } from './platform/storage/local-disk-storage.js';
import { createUrlSigner } from './platform/storage/url-signer.js';

export type ComposeOptions = {
  config: Config;
  logger?: Logger;
  /** The address the app is reached at (e-mail links, OAuth callbacks). */
  publicUrl: string;
  webDistDir?: string;
  /** PGlite folder override; tests pass `memory://`. */
  pgliteDir?: string;
  /** An image provider to use instead of the configured one (tests and benchmarks). */
  imageProvider?: ImageProvider;
  /** Whether this process runs generation jobs (default yes: the embedded shape). */
  runsJobs?: boolean;
  /** Seeds the starter catalogue on start (default true). */
  seedCatalogue?: boolean;
};

/** Builds every adapter from configuration once, then the HTTP app on top of them. */
export async function composeServer(options: ComposeOptions) {
  const { config } = options;
  const logger = options.logger ?? pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: options.pgliteDir ?? path.join(config.dataDir, 'db'),
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  const secret = loadOrCreateSecret({ configured: config.authSecret, dataDir: config.dataDir });
  const signer = createUrlSigner(secret);
  const storage = createLocalDiskStorage({ root: path.join(config.dataDir, 'storage'), signer });
  const outboxMailer = config.smtpUrl ? undefined : createOutboxMailer(database.db);
  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : outboxMailer!;
  const billingProvider: BillingProvider =
    config.billing.provider === 'stripe'
      ? createStripeBillingProvider(config.billing.stripe)
      : createTestBillingProvider({ publicUrl: options.publicUrl });
  const billing = createBillingService({
    db: database.db,
    provider: billingProvider,
    publicUrl: options.publicUrl,
    logger,
  });
  const profiles = createProfileService({
    db: database.db,
    storage,
    freeCredits: config.freeCredits,
    logger,
    beforeRead: (userId) => billing.settle(userId),
  });
  const accounts = createAccountService({
    db: database.db,
    storage,
    logger,
    settleSubscription: (userId) => billing.settle(userId),
  });
  const trustedOrigins = [options.publicUrl];
  if (!config.isProduction) trustedOrigins.push('http://localhost:5173');
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    secret,
    baseUrl: options.publicUrl,
    trustedOrigins,
    google: config.google,
    rateLimit: !config.disableRateLimits,
    onUserCreated: (userId) => profiles.ensureProfile(userId),
  });
  const bugReports = createBugReportService({
    db: database.db,
    storage,
    mailer,
    supportEmail: config.supportEmail,
    logger,
  });
  if (options.seedCatalogue !== false) {
    const catalogueDir = findCatalogueDir();
    if (catalogueDir) {
      const added = await seedCatalogue({ db: database.db, storage, dir: catalogueDir });
      if (added) logger.info({ added }, 'starter catalogue seeded');
    } else {
      logger.warn('starter catalogue not found; no official templates seeded');
    }
  }
  const variants = createImageVariants({ cacheDir: path.join(config.dataDir, 'variants') });
  const images = createImagesService({ db: database.db, storage, signer, variants });
  const templates = createTemplatesService({ db: database.db });
  const community = createCommunityService({ db: database.db, storage });
  const uploads = createUploadsService({ db: database.db, storage });
  const designs = createDesignsService({ db: database.db, storage });
  const generationEvents = createGenerationEvents();
  const queue = createInProcessQueue({ concurrency: config.generation.concurrency, logger });
  const generations = createGenerationService({
    db: database.db,
    storage,
    queue,
    provider:
      options.imageProvider ??
      createProvider({
        provider: config.images.provider,
        ...(config.images.openai ? { openai: config.images.openai } : {}),
        ...(config.images.gemini ? { gemini: config.images.gemini } : {}),
      }),
    events: generationEvents,
    logger,
    timeoutMs: config.generation.timeoutMs,
    countUsage: (generationId) => templates.recordGenerationUse(generationId),
    getTier: async (userId) =>
      (await profiles.getAccount(userId))?.profile.subscriptionTier ?? 'free',
  });
  if (options.runsJobs !== false) {
    queue.start((id) => generations.run(id));
    await generations.recoverUnfinished();
  }
  const app = createApp({
    generations,
    generationEvents,
    bugReports,
    config,
    logger,
    database,
    storage,
    storageKind: 'local-disk',
    signer,
    auth,
    profiles,
    images,
    templates,
    community,
    uploads,
    designs,
    billing,
    accounts,
    outbox: outboxMailer,
    webDistDir: options.webDistDir,
  });
  return {
    app,
    logger,
    database,
    storage,
    signer,
    auth,
    mailer,
    profiles,
    generations,
    queue,
    templates,
    community,
    uploads,
    designs,
    images,
    billing,
    accounts,
    async close() {
      await queue.stop();
      await database.close();
    },
  };
}

export type ComposedServer = Awaited<ReturnType<typeof composeServer>>;
