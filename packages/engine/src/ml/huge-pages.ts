/**
 * The glibc setting under which the segmentation model runs at full speed.
 *
 * One run of ISNet at 1024x1024 allocates and frees activations of up to 128 MB each. Without an
 * arena (kept off: it would hold the largest run's 0.6 GB for good, `onnx-session.ts`), every such
 * block is fresh memory from the kernel, faulted in 4 KB pages and zeroed. With transparent huge
 * pages asked for through glibc's tunable, the same blocks come in 2 MB pages. Measured on the
 * 2-core machine: a run took 1.2 s instead of 3.0 s (`bench/engine/huge-pages.ts`), a cut-out
 * 1.6-1.8 s instead of 3.5-4.2 s; the memory costs more, since pages are held 2 MB at a time: a
 * cut-out peaked at 1.40-1.46 GB instead of 1.15-1.20 GB and 1.1 GB stayed resident between
 * generations instead of 0.77 GB (`bench/engine/stages.ts`; docs/decisions/009).
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
