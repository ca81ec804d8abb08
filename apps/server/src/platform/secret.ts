import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The secret behind sessions and signed URLs. The embedded default needs no keys, so when none is
 * configured one is made on first start and kept (owner-only) in the data folder.
 */
export function loadOrCreateSecret(options: {
  configured: string | undefined;
  dataDir: string;
}): string {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, 'secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
