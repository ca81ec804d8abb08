import fs from 'node:fs';
import path from 'node:path';

/**
 * The whole specification as one text, or null when it is not beside the repository. It lives in
 * ../shared/spec in CI and in every clone of the team; SPEC_DIR points elsewhere.
 */
export function readSpecText(): string | null {
  const specDir =
    process.env.SPEC_DIR ?? path.resolve(import.meta.dirname, '../../../../shared/spec');
  if (!fs.existsSync(specDir)) return null;
  return fs
    .readdirSync(specDir)
    .map((file) => fs.readFileSync(path.join(specDir, file), 'utf8'))
    .join('\n');
}
