import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the server sends as it is stored; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, once, so
 * the server sends compressed files without compressing on each request.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'adtwin:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
        const full = path.join(outDir, file);
        const bytes = await readFile(full);
        await writeFile(
          `${full}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${full}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
