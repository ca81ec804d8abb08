import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  MAX_API_KEYS_PER_USER,
  WEBHOOK_DELIVERY_LOG_LIMIT,
  type ApiKey,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from '@adtwin/shared';
import type { Database } from '../../db/client.js';
import type { KeyHolder } from '../../http/app-env.js';
import { DomainError } from '../../domain-error.js';
import { resolvesToPublicAddresses } from '../webhooks/receiver-address.js';
import {
  insertKeyWithinLimit,
  revokeKey,
  selectActiveKey,
  selectActiveKeys,
  selectKeyByHash,
  selectRecentDeliveries,
  touchLastUsed,
  updateWebhook,
  type ApiKeyRow,
} from './api-keys.queries.js';

/** Secrets start with this, so a leaked one is recognisable (and secret scanners can match it). */
const KEY_PREFIX = 'adt_';
/** Characters of the secret kept in clear to tell keys apart in Settings: `adt_` and 8 more. */
const SHOWN_START_LENGTH = 12;
/** `last_used_at` is written at most this often per key, not on every request. */
const LAST_USED_PRECISION_MS = 60_000;

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    webhookUrl: row.webhookUrl,
  };
}

export function createApiKeyService(deps: {
  db: Database;
  /** Webhooks may call loopback and private addresses (development and tests only). */
  allowPrivateWebhooks: boolean;
}) {
  const { db } = deps;

  async function ownKey(userId: string, id: string): Promise<ApiKeyRow> {
    const row = await selectActiveKey(db, userId, id);
    if (!row) throw new DomainError('not_found', API_KEY_MESSAGES.notFound, 'not_found');
    return row;
  }

  async function assertReceiverAllowed(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new DomainError('invalid', API_KEY_MESSAGES.webhookUrlInvalid, 'invalid_webhook_url');
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) {
      throw new DomainError('invalid', API_KEY_MESSAGES.webhookUrlInvalid, 'invalid_webhook_url');
    }
    if (!deps.allowPrivateWebhooks && !(await resolvesToPublicAddresses(parsed.hostname))) {
      throw new DomainError('invalid', API_KEY_MESSAGES.webhookUrlPrivate, 'private_webhook_url');
    }
  }

  return {
    async list(userId: string): Promise<ApiKey[]> {
      return (await selectActiveKeys(db, userId)).map(toView);
    },

    /** A new key; its secret is in this answer only, never stored or shown again. */
    async create(userId: string, name: string): Promise<ApiKey & { key: string }> {
      const key = KEY_PREFIX + randomBytes(32).toString('base64url');
      const row = await insertKeyWithinLimit(
        db,
        {
          userId,
          name: name.trim(),
          start: key.slice(0, SHOWN_START_LENGTH),
          hash: hashApiKey(key),
        },
        MAX_API_KEYS_PER_USER,
      );
      if (!row) throw new DomainError('invalid', API_KEY_MESSAGES.tooMany, 'too_many_keys');
      return { ...toView(row), key };
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await revokeKey(db, userId, id)))
        throw new DomainError('not_found', API_KEY_MESSAGES.notFound, 'not_found');
    },

    /** The holder of a bearer secret, or null for a wrong or revoked one. */
    async authenticate(secret: string): Promise<KeyHolder | null> {
      if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
      const found = await selectKeyByHash(db, hashApiKey(secret));
      if (!found) return null;
      const { key: row, owner } = found;
      const now = new Date();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS)
        await touchLastUsed(db, row.id, now);
      return { keyId: row.id, userId: row.userId, user: owner };
    },

    /** Sets (or replaces) the key's webhook with a new signing secret, shown this once. */
    async setWebhook(userId: string, id: string, url: string) {
      await ownKey(userId, id);
      await assertReceiverAllowed(url);
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      if (!(await updateWebhook(db, { userId, id, url, secret })))
        throw new DomainError('not_found', API_KEY_MESSAGES.notFound, 'not_found');
      return { webhookUrl: url, secret };
    },

    async clearWebhook(userId: string, id: string): Promise<void> {
      if (!(await updateWebhook(db, { userId, id, url: null, secret: null })))
        throw new DomainError('not_found', API_KEY_MESSAGES.notFound, 'not_found');
    },

    async listDeliveries(userId: string, id: string): Promise<WebhookDelivery[]> {
      await ownKey(userId, id);
      const rows = await selectRecentDeliveries(db, id, WEBHOOK_DELIVERY_LOG_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        generationId: row.generationId,
        event: row.event as WebhookEvent,
        status: row.status as WebhookDeliveryStatus,
        attempts: row.attempts,
        lastStatusCode: row.lastStatusCode,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
      }));
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
