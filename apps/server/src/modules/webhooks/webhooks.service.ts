import { createHmac } from 'node:crypto';
import type { WebhookEvent } from '@adtwin/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import type { GenerationService } from '../generations/generations.service.js';
import { sendWebhook } from './webhook-sender.js';
import {
  claimDueDelivery,
  insertDelivery,
  recordDelivered,
  recordFailedAttempt,
  selectGenerationReceiver,
} from './webhooks.queries.js';

/** The header a receiver checks, as Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
const SIGNATURE_HEADER = 'Adtwin-Signature';

/** HMAC-SHA256 of `<t>.<body>` with the key's webhook secret. */
export function signWebhook(options: { secret: string; timestamp: number; body: string }): string {
  const mac = createHmac('sha256', options.secret)
    .update(`${options.timestamp}.${options.body}`)
    .digest('hex');
  return `t=${options.timestamp},v1=${mac}`;
}

/** How long a claimed delivery is left alone while it is being sent (longer than its timeout). */
const SENDING_HOLD_MS = 60_000;

/**
 * Posts each finished or failed generation started by an API key to that key's webhook, signed;
 * a failed attempt is tried again after a growing wait (base, 4x, 16x...), each attempt recorded
 * for the Settings log. Deliveries live in the database, so a restart loses none.
 */
export function createWebhookService(deps: {
  db: Database;
  generations: Pick<GenerationService, 'toView'>;
  logger: Logger;
  retryBaseMs: number;
  maxAttempts: number;
  allowPrivateAddresses: boolean;
}) {
  const { db, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  const pollMs = Math.min(1000, deps.retryBaseMs);

  async function deliverOne(): Promise<boolean> {
    const claimed = await claimDueDelivery(db, SENDING_HOLD_MS);
    if (!claimed) return false;
    const { delivery, url, secret } = claimed;
    if (!url || !secret) {
      // The key's webhook was removed (or the key revoked) after the event: nobody to tell.
      await recordFailedAttempt(db, {
        id: delivery.id,
        statusCode: null,
        error: 'the webhook was removed',
        retryInMs: null,
      });
      return true;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await sendWebhook({
      url,
      body: delivery.payload,
      allowPrivateAddresses: deps.allowPrivateAddresses,
      headers: {
        [SIGNATURE_HEADER]: signWebhook({ secret, timestamp, body: delivery.payload }),
        'Adtwin-Event': delivery.event,
        'Adtwin-Delivery': delivery.id,
      },
    });
    if (outcome.ok) {
      await recordDelivered(db, delivery.id, outcome.statusCode);
      return true;
    }
    const attempt = delivery.attempts;
    await recordFailedAttempt(db, {
      id: delivery.id,
      statusCode: outcome.statusCode,
      error: outcome.error,
      retryInMs: attempt >= deps.maxAttempts ? null : deps.retryBaseMs * 4 ** (attempt - 1),
    });
    logger.info(
      { deliveryId: delivery.id, attempt, statusCode: outcome.statusCode, error: outcome.error },
      'webhook delivery failed',
    );
    return true;
  }

  async function drain() {
    try {
      while (!stopped && (await deliverOne()));
    } catch (error) {
      logger.warn({ err: error }, 'webhook deliveries paused');
    }
  }

  function tick() {
    if (stopped) return;
    running ??= drain().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  }

  return {
    /** Records the event of a generation that just finished or failed, and sends it soon. */
    async announce(generationId: string): Promise<void> {
      const found = await selectGenerationReceiver(db, generationId);
      if (!found || !['done', 'failed'].includes(found.generation.status)) return;
      const event: WebhookEvent =
        found.generation.status === 'done' ? 'generation.done' : 'generation.failed';
      const view = await deps.generations.toView(found.generation);
      const payload = JSON.stringify({
        event,
        createdAt: new Date().toISOString(),
        data: view,
      });
      await insertDelivery(db, { apiKeyId: found.apiKeyId, generationId, event, payload });
      if (!stopped && !running) {
        clearTimeout(timer);
        tick();
      }
    },

    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
