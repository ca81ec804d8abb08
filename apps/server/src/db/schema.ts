import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Accounts (better-auth's models, in tables of their own: `users` is the spec's profile table)
// ---------------------------------------------------------------------------------------------

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** avatar_url of the spec: a web address or a storage key in the avatars bucket. */
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------------------------------------
// The spec's profile record
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    userType: text('user_type'),
    source: text('source'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    subscriptionTier: text('subscription_tier').notNull().default('free'),
    credits: integer('credits').notNull().default(0),
    creditsUsed: integer('credits_used').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id').unique(),
    /** End of the paid period; the tier falls back to free after it (set by billing events). */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
    subscriptionStatus: text('subscription_status'),
    /** The provider's subscription id (Stripe `sub_...`, or `test_sub_...`). */
    subscriptionId: text('subscription_id'),
    /** The subscription ends at period_ends_at instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the billing event behind the stored subscription state was created; breaks ties. */
    billingStateAt: timestamp('billing_state_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_credits_nonnegative', sql`${t.credits} >= 0 AND ${t.creditsUsed} >= 0`),
    check(
      'users_tier_known',
      sql`${t.subscriptionTier} IN ('free','pro_weekly','pro_monthly','enterprise_weekly','enterprise_monthly')`,
    ),
  ],
);

/** Every grant, charge and refund; the sum per user equals credits - credits_used. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** grant | debit | refund | reset */
    kind: text('kind').notNull(),
    /** Change to the available balance: grants positive, debits negative. */
    amount: integer('amount').notNull(),
    /** Idempotency key, e.g. `signup:<user>`, `debit:<generation>`, `refund:<generation>`, `invoice:<id>`. */
    key: text('key').notNull().unique(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/** One row per stored file: uploads, designs, avatars, template images, report attachments. */
export const storedObjects = pgTable(
  'stored_objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    ownerId: text('owner_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The name a person sees (and renames); the key never changes. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the bytes (uploads): the same file uploaded twice is kept once. */
    contentHash: text('content_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stored_objects_bucket_key_idx').on(t.bucket, t.key),
    index('stored_objects_owner_hash_idx').on(t.ownerId, t.bucket, t.contentHash),
    index('stored_objects_owner_idx').on(t.ownerId, t.bucket, t.createdAt),
    // Upload names are what a person renames; two equal names in one folder are refused.
    uniqueIndex('stored_objects_upload_name_idx')
      .on(t.ownerId, t.bucket, t.name)
      .where(sql`${t.bucket} = 'temp-images'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Templates, community templates, votes
// ---------------------------------------------------------------------------------------------

export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    imageKey: text('image_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The product's box in template pixels, for the engine. */
    productBox: jsonb('product_box'),
    /** Words and other facts read from the image once when it was added. */
    analysis: jsonb('analysis'),
    /** Author credit the licence asks for. */
    attribution: text('attribution'),
    usageCount: integer('usage_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    dislikeCount: integer('dislike_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The seed and the admin command add a template once per image.
    uniqueIndex('templates_image_key_idx').on(t.imageKey),
    index('templates_category_idx').on(t.category),
    index('templates_usage_idx').on(t.usageCount),
    index('templates_created_idx').on(t.createdAt),
    // Template search is ILIKE '%words%' on the name and the category: trigram indexes (pg_trgm)
    // answer it without reading every row.
    index('templates_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('templates_category_trgm_idx').using('gin', t.category.op('gin_trgm_ops')),
  ],
);

export const userTemplates = pgTable(
  'user_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageKey: text('image_key').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    usageCount: integer('usage_count').notNull().default(0),
    productBox: jsonb('product_box'),
    analysis: jsonb('analysis'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_templates_user_idx').on(t.userId, t.createdAt),
    index('user_templates_public_idx').on(t.isPublic, t.createdAt),
    // Community search is ILIKE '%words%' on the name, as for official templates.
    index('user_templates_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const templateVotes = pgTable(
  'template_votes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    voteType: text('vote_type').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.templateId] }),
    check('template_votes_type', sql`${t.voteType} IN ('like','dislike')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Generations
// ---------------------------------------------------------------------------------------------

/** The truth about one generation; the queue only carries its id. */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public number used in file names (`prefix_number.ext`) and /editor/view/generated/{number}. */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** swap | chat */
    kind: text('kind').notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    userTemplateId: uuid('user_template_id').references(() => userTemplates.id, {
      onDelete: 'set null',
    }),
    /** Request details: size, replacements, prompt, input object ids, visibility. */
    input: jsonb('input').notNull(),
    steps: jsonb('steps').notNull().default([]),
    provider: text('provider').notNull(),
    /** reserved | charged | refunded */
    creditState: text('credit_state').notNull().default('reserved'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    resultObjectId: uuid('result_object_id').references(() => storedObjects.id, {
      onDelete: 'set null',
    }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The process running the job and until when its lease holds; the runner renews it. Another
     * worker may take a running job over only after the lease has expired (its runner died).
     */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** The API key that started it (its webhook hears how it ends); null from the app. */
    apiKeyId: uuid('api_key_id').references((): AnyPgColumn => apiKeys.id, {
      onDelete: 'set null',
    }),
    /** Set when the template's usage count took this generation, so a rerun counts nothing. */
    usageCountedAt: timestamp('usage_counted_at', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('generations_user_idx').on(t.userId, t.queuedAt),
    index('generations_status_idx').on(t.status),
    check('generations_status', sql`${t.status} IN ('queued','running','done','failed')`),
    check('generations_credit', sql`${t.creditState} IN ('reserved','charged','refunded')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Billing, reports, mail
// ---------------------------------------------------------------------------------------------

/** Each payment-provider event once; stored in the same transaction as its effect. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bugReports = pgTable('bug_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  description: text('description').notNull(),
  /** Storage keys in the bug-reports bucket. */
  attachments: jsonb('attachments').notNull().default([]),
  forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Mail kept in the database when no SMTP server is configured; shown at /dev/outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// The public API: keys, idempotent requests, batches
// ---------------------------------------------------------------------------------------------

/**
 * A person's API keys. Only a SHA-256 hash of the secret is kept (the secret is 32 random bytes,
 * so a fast hash is enough: nobody can guess their way through it); `start` is what the Settings
 * list shows to tell keys apart. A key with its webhook URL signs deliveries with its own secret.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    start: text('start').notNull(),
    hash: text('hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The first answer to a POST sent with an `Idempotency-Key`, per API key: a retry with the same
 * key and body gets it again instead of doing the work (and charging) twice. A row without a
 * status is a request still being answered.
 */
export const apiIdempotentRequests = pgTable(
  'api_idempotent_requests',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    headers: jsonb('headers'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index('api_idempotent_requests_created_idx').on(t.createdAt),
  ],
);

/** One product into many templates: each item an ordinary generation, or why it did not start. */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** [{ templateId, generationId, error }] in the order asked. */
    items: jsonb('items').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('batches_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Each finished or failed generation posted to the webhook of the key that started it, with every
 * attempt counted. `(api_key_id, generation_id, event)` is unique: a job finishing twice (queues
 * deliver at least once) is announced once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id')
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    /** generation.done | generation.failed */
    event: text('event').notNull(),
    /** pending | delivered | failed (gave up) */
    status: text('status').notNull().default('pending'),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once').on(t.apiKeyId, t.generationId, t.event),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending','delivered','failed')`),
  ],
);
