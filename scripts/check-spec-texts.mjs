// The product's texts checked word for word against the specification, a separate step because the
// specification lives beside the repository (../shared/spec or SPEC_DIR), not in it. Without it
// the step says it is skipped, never silently.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specDir = process.env.SPEC_DIR ?? path.resolve(root, '../shared/spec');
if (!fs.existsSync(specDir)) {
  console.log(
    `SKIPPED: texts against the specification: no specification at ${specDir} (set SPEC_DIR to check them).`,
  );
  process.exit(0);
}
console.log(`Checking the product's texts against the specification in ${specDir}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'spec-texts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SPEC_DIR: specDir },
});
process.exit(run.status ?? 1);
