import fs from 'node:fs';
import path from 'node:path';

/** The specification's folder: SPEC_DIR, else `../shared/spec` beside the repository. */
export const SPEC_DIR =
  process.env.SPEC_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/spec');

/**
 * The whole specification as one text. These checks run only as their own step
 * (`npm run test:spec-texts`), which says so and skips when the folder is absent; run directly
 * without it they fail, naming the folder they looked for.
 */
export function requireSpecText(): string {
  if (!fs.existsSync(SPEC_DIR)) {
    throw new Error(`The specification was not found at ${SPEC_DIR} (set SPEC_DIR).`);
  }
  return fs
    .readdirSync(SPEC_DIR)
    .map((file) => fs.readFileSync(path.join(SPEC_DIR, file), 'utf8'))
    .join('\n');
}
