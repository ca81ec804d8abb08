import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressAssets } from './build/precompress-assets';
import { routePages } from './build/route-pages';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

/**
 * `vite build --ssr` (the second step of `npm run build`): the module the server draws pages with
 * (src/app/prerender.tsx), for Node, into dist-prerender/ beside the served dist/. Its packages are
 * bundled in, built for production as the browser's bundle is, whatever NODE_ENV the server runs
 * under: imported from node_modules, React picked its development build in a server started
 * without NODE_ENV=production (the default, and the benchmark's), whose checks made each drawn
 * /templates several times slower to render.
 */
const prerenderBuild = defineConfig({
  plugins: [react()],
  resolve: { alias },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  publicDir: false,
  build: { outDir: 'dist-prerender', emptyOutDir: true, sourcemap: true },
});

const appConfig = defineConfig({
  plugins: [react(), tailwindcss(), routePages(), precompressAssets()],
  resolve: { alias },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  // Maps are written for the server's disk (stack traces) but not linked from the served files.
  build: {
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Shared chunks under 4 KB are copied into the chunks that import them: /templates asked
        // for 36 files and /login for 20 (icons, small components), six at a time over HTTP/1.1
        // from a busy server; now 19 and 11, for 2 to 4 KB more. (Experimental in rolldown; the
        // build warns that Tailwind's CSS transform has no sourcemap since.)
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4 * 1024 } },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerenderBuild : appConfig));
