import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { createApp } from './app.js';
import { createAuth } from './modules/auth/auth.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createBugReportService } from './modules/bug-reports/bug-reports.service.js';
import {
  createEnginePool,
  createProvider,
  cutOutProduct,
  hugePagesWarning,
  type ImageProvider,
  type ProviderConfig,
} from '@adtwin/engine';
import { createApiKeyService } from './modules/api-keys/api-keys.service.js';
import { createWebhookService } from './modules/webhooks/webhooks.service.js';
import { createBatchService } from './modules/batches/batches.service.js';
import { createCutOutService } from './modules/cutouts/cutouts.service.js';
import { createGenerationService } from './modules/generations/generations.service.js';
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
import {
  createNoBillingProvider,
  createTestBillingProvider,
} from './platform/billing/test-billing-provider.js';
import { createOutboxMailer } from './platform/mail/outbox-mailer.js';
import { createSmtpMailer } from './platform/mail/smtp-mailer.js';
import { createOriginPolicy } from './http/origins.js';
import {
  createGenerationEventsFor,
  createJobQueue,
  createRateLimitsFor,
  createStorageAdapters,
  openRedis,
} from './adapters.js';

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
  /** Whether this process runs generation jobs (default: the configuration's RUN_JOBS rule). */
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
  const { secret, signer, storage, storageKind, variantCache } = createStorageAdapters(config);
  const redis = openRedis(config);
  const rateLimits = createRateLimitsFor(config, redis);
  const outboxMailer = config.smtpUrl ? undefined : createOutboxMailer(database.db);
  const mailer = config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : outboxMailer!;
  const billingProvider: BillingProvider =
    config.billing.provider === 'stripe'
      ? createStripeBillingProvider(config.billing.stripe)
      : config.billing.provider === 'test'
        ? createTestBillingProvider({ publicUrl: options.publicUrl })
        : createNoBillingProvider();
  if (config.isProduction && !config.smtpUrl) {
    logger.warn(
      'SMTP_URL is not set: no e-mail leaves this server, so nobody can verify an address or reset a password',
    );
  }
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
    settleSubscription: (userId) => billing.settle(userId),
  });
  const accounts = createAccountService({
    db: database.db,
    storage,
    logger,
    readTier: (userId) => billing.readTier(userId),
  });
  const originPolicy = createOriginPolicy({
    isProduction: config.isProduction,
    publicUrl: options.publicUrl,
    extraOrigins: config.trustedOrigins,
  });
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    secret,
    baseUrl: options.publicUrl,
    trustedOrigins: (request) => originPolicy.trustedOrigins(request),
    google: config.google,
    rateLimits,
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
  const variants = createImageVariants({ cache: variantCache });
  const images = createImagesService({ db: database.db, storage, signer, variants });
  const templates = createTemplatesService({ db: database.db });
  const community = createCommunityService({
    db: database.db,
    storage,
    readTier: (userId) => billing.readTier(userId),
  });
  const uploads = createUploadsService({
    db: database.db,
    storage,
    quotaBytes: config.uploadQuotaBytes,
  });
  const designs = createDesignsService({ db: database.db, storage });
  const { events: generationEvents, close: closeEvents } = createGenerationEventsFor(config, redis);
  const queue = createJobQueue(config, logger);
  const runsJobs = options.runsJobs ?? config.runsJobs;
  const providerConfig: ProviderConfig = {
    provider: config.images.provider,
    ...(config.images.openai ? { openai: config.images.openai } : {}),
    ...(config.images.gemini ? { gemini: config.images.gemini } : {}),
  };
  // The engine works in its own threads, so the API keeps answering while images are made; its
  // workers load their models now, in the background. A process that runs no jobs needs none.
  const engine =
    runsJobs && !options.imageProvider
      ? createEnginePool({
          threads: config.engine.threads,
          provider: providerConfig,
          onWorkerError: (error) => logger.error({ err: error }, 'image engine worker failed'),
        })
      : undefined;
  if (engine) {
    const hugePages = hugePagesWarning();
    if (hugePages) logger.warn(hugePages);
    void engine.warmedUp().then(
      (steps) => logger.info({ steps }, 'image engine ready'),
      (error: unknown) => logger.warn({ err: error }, 'image engine warm-up failed'),
    );
  }
  const cutOuts = createCutOutService({
    db: database.db,
    storage,
    // Injected providers (tests, benchmarks) come without a pool: their cut-outs run in-thread.
    cutOut: engine ? (bytes) => engine.cutOut(bytes) : cutOutProduct,
  });
  const generations = createGenerationService({
    db: database.db,
    storage,
    queue,
    provider: options.imageProvider ?? engine ?? createProvider(providerConfig),
    cutOuts,
    events: generationEvents,
    logger,
    timeoutMs: config.generation.timeoutMs,
    leaseMs: config.generation.leaseMs,
    countUsage: (generationId) => templates.recordGenerationUse(generationId),
    onFinished: (generationId) => webhooks.announce(generationId),
    readTier: (userId) => billing.readTier(userId),
  });
  // Deliveries are sent by the processes that run jobs (where generations end).
  const webhooks = createWebhookService({
    db: database.db,
    generations,
    logger,
    retryBaseMs: config.webhooks.retryBaseMs,
    maxAttempts: config.webhooks.maxAttempts,
    allowPrivateAddresses: !config.isProduction,
  });
  if (runsJobs) {
    webhooks.start();
    queue.start(async (id) => {
      const outcome = await generations.run(id);
      // Another live runner has it, or this one handed it back on shutdown: deliver it again.
      return outcome === 'leased-elsewhere' || outcome === 'handed-back'
        ? 'retry-later'
        : undefined;
    });
    // Alone (embedded), every running row was this process's before it stopped; beside other
    // runners (Redis), only rows whose lease expired are.
    await generations.recoverUnfinished({ onlyExpiredLeases: Boolean(config.redisUrl) });
  }
  const apiKeys = createApiKeyService({
    db: database.db,
    allowPrivateWebhooks: !config.isProduction,
  });
  const batches = createBatchService({ db: database.db, generations });
  const app = createApp({
    apiKeys,
    batches,
    generations,
    generationEvents,
    bugReports,
    config,
    logger,
    database,
    storage,
    storageKind,
    storeOrigin: await storage.browserOrigin?.(),
    signer,
    auth,
    rateLimits,
    pingRedis: redis ? () => redis.ping() : undefined,
    originPolicy,
    profiles,
    images,
    templates,
    community,
    uploads,
    cutOuts,
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
    cutOuts,
    designs,
    images,
    billing,
    accounts,
    apiKeys,
    batches,
    async close() {
      // Running jobs get the grace period to finish; those still running then are handed back
      // (their leases given up), so another worker takes them over at once.
      const { shutdownGraceMs } = config.generation;
      const handBack = setTimeout(() => {
        const count = generations.handBackRunning();
        if (count) logger.info({ count }, 'handing running generations back to the queue');
      }, shutdownGraceMs);
      await queue.stop(shutdownGraceMs + 5000);
      clearTimeout(handBack);
      await webhooks.stop();
      await engine?.close();
      closeEvents();
      await database.close();
      await redis?.quit();
    },
  };
}
