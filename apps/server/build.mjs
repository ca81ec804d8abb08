// Bundles the server into dist/ with our workspace packages inlined and every npm dependency
// left external, then copies the SQL migrations beside the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
// npm packages stay in node_modules (native modules, data files, lazy requires); our own
// workspace packages are TypeScript and get bundled.
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@adtwin/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [
    path.join(here, 'src/main.ts'),
    path.join(here, 'src/admin.ts'),
    // The scaled shape's generation worker (`npm run worker`).
    path.join(here, 'src/worker.ts'),
    // The image engine's worker thread: the engine pool looks for it beside the bundle.
    {
      in: path.join(here, '../../packages/engine/src/pool/engine-worker.ts'),
      out: 'engine-worker',
    },
  ],
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalNpmPackages],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), {
  recursive: true,
});
console.log(
  'server built: apps/server/dist/main.js, apps/server/dist/admin.js, apps/server/dist/worker.js, apps/server/dist/engine-worker.js',
);
