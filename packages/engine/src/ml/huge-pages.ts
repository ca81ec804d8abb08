/**
 * The glibc setting under which the segmentation model runs at full speed.
 *
 * One run of ISNet at 1024x1024 allocates and frees activations of up to 128 MB each. Without an
 * arena (kept off: it would hold the largest run's 0.6 GB for good, `onnx-session.ts`), every such
 * block is fresh memory from the kernel, faulted in 4 KB pages and zeroed. With transparent huge
 * pages asked for through glibc's tunable, the same blocks come in 2 MB pages: measured on the
 * 2-core machine, a run took 1.2-1.6 s instead of 2.6-2.9 s, with its system time from 1.4 s down
 * to 0.1-0.9 s and the same peak (docs/decisions/009-huge-pages-for-the-model.md).
 *
 * glibc reads its tunables once, when the process starts, so the variable is set by whatever
 * starts Node (`npm start`, `npm run worker`, the test and bench scripts); this module only says
 * whether it was.
 */
import { learnedModelsEnabled } from '../config.js';

export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb=1';

/**
 * A warning for the log when this process runs the model on glibc without the tunable, else null.
 */
export function hugePagesWarning(
  environment: NodeJS.ProcessEnv = process.env,
  glibcVersion: string | null = glibcRuntimeVersion(),
): string | null {
  if (!glibcVersion || !learnedModelsEnabled()) return null;
  const tunables = (environment.GLIBC_TUNABLES ?? '').split(':');
  if (tunables.includes(HUGE_PAGES_TUNABLE)) return null;
  return `GLIBC_TUNABLES does not hold ${HUGE_PAGES_TUNABLE}: the segmentation model runs about half as fast without it (npm start and npm run worker set it)`;
}

/** The running glibc's version; null on other C libraries (musl) and systems. */
function glibcRuntimeVersion(): string | null {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report?.header?.glibcVersionRuntime ?? null;
}
