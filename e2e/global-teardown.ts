import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The servers' data folder of a run on `port` (one run per port at a time). */
export function defaultDataDir(port: number): string {
  return path.join(os.tmpdir(), `adtwin-e2e-${port}`);
}

/** The servers' data folders go when the run ends (playwright.config.ts names them). */
// eslint-disable-next-line no-restricted-syntax -- Playwright loads the default export
export default function removeDataFolders() {
  const dataDir = process.env.E2E_DATA_DIR ?? defaultDataDir(Number(process.env.E2E_PORT ?? 3210));
  for (const dir of [dataDir, `${dataDir}-google`])
    fs.rmSync(dir, { recursive: true, force: true });
}
