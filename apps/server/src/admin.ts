import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { SUBSCRIPTION_TIERS, tierLabel, type PaidTier } from '@adtwin/shared';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createBillingService } from './modules/billing/billing.service.js';
import { createTestBillingProvider } from './platform/billing/test-billing-provider.js';

const USAGE = `Usage:
  adtwin-admin grant-credits <email> <amount>
  adtwin-admin set-plan <email> <${SUBSCRIPTION_TIERS.join('|')}> [days]

Opens the database of the configuration (DATABASE_URL, else the embedded one in DATA_DIR/db).
The embedded database allows one process at a time: stop the server first.`;

export class AdminUsageError extends Error {}

/** Runs one admin command; returns what to print. */
export async function runAdminCommand(
  args: string[],
  /** The environment; the process's own when absent (read by config.ts). */
  env?: Record<string, string | undefined>,
): Promise<string> {
  const [command, email, value, extra] = args;
  if (!command || !email || !value) throw new AdminUsageError(USAGE);
  const config = env ? loadConfig(env) : loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
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
    } else if (command === 'set-plan') {
      if (!(SUBSCRIPTION_TIERS as readonly string[]).includes(value))
        throw new AdminUsageError(`Unknown plan "${value}". ${USAGE}`);
      const days = extra === undefined ? undefined : Number(extra);
      if (days !== undefined && (!Number.isInteger(days) || days <= 0 || days > 3660))
        throw new AdminUsageError('Days must be a whole number from 1 to 3660.');
      state = await billing.setPlanByEmail(email, value as PaidTier | 'free', days);
    } else {
      throw new AdminUsageError(USAGE);
    }
    if (!state) throw new Error('The account has no profile yet.');
    const period = state.periodEndsAt ? `, period ends ${state.periodEndsAt.toISOString()}` : '';
    return `${state.email}: ${tierLabel(state.tier)}, ${state.creditsUsed} of ${state.credits} credits used${period}`;
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
