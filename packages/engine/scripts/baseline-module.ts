import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Imports one pipeline module as it was at a baseline commit (read with git show), for a bench
 * to time beside this checkout's. Its relative imports resolve to this checkout's modules: only
 * the named file is the baseline's. Written beside the scripts, so that its packages (sharp)
 * resolve as the checkout's own do, and removed once imported.
 */
export async function importBaselineModule<Module>(rev: string, name: string): Promise<Module> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const source = execFileSync('git', ['show', `${rev}:packages/engine/src/pipeline/${name}.ts`], {
    cwd: here,
    encoding: 'utf8',
  });
  const pipeline = path.join(here, '../src/pipeline');
  const dir = mkdtempSync(path.join(here, '.baseline-'));
  const file = path.join(dir, `${name}.mts`);
  writeFileSync(
    file,
    source.replace(
      /from '(\.{1,2}\/[^']+)\.js'/g,
      (_, relative: string) =>
        `from '${pathToFileURL(path.join(pipeline, `${relative}.ts`)).href}'`,
    ),
  );
  try {
    return (await import(pathToFileURL(file).href)) as Module;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
