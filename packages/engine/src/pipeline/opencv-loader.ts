import { createRequire } from 'node:module';
import type * as OpenCvModule from '@techstark/opencv-js';

export type OpenCv = typeof OpenCvModule;

let loading: Promise<{ cv: OpenCv }> | undefined;

/**
 * Loads OpenCV (WebAssembly) once. The module object is a thenable that resolves to itself, so it
 * must never be awaited or returned from an async function directly: we wait for
 * `onRuntimeInitialized` and hand it out wrapped in a plain object.
 */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= (async () => {
    const before = {
      uncaughtException: process.listeners('uncaughtException'),
      unhandledRejection: process.listeners('unhandledRejection'),
    };
    // Loaded with require: `await import()` of a thenable module hangs in some loaders (vitest).
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
    if (typeof cv.Mat !== 'function') {
      await new Promise<void>((resolve) => {
        (cv as unknown as { onRuntimeInitialized: () => void }).onRuntimeInitialized = resolve;
      });
    }
    // The Emscripten runtime installs process handlers that turn any unhandled rejection of the
    // host into an abort and print its whole source on errors; the host decides that, not a library.
    for (const listener of process.listeners('uncaughtException')) {
      if (!before.uncaughtException.includes(listener)) process.off('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!before.unhandledRejection.includes(listener))
        process.off('unhandledRejection', listener);
    }
    return { cv };
  })();
  return loading;
}
