import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressAssets } from './build/precompress-assets';
import { routePages } from './build/route-pages';

export default defineConfig({
  plugins: [react(), tailwindcss(), routePages(), precompressAssets()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  // Maps are written for the server's disk (stack traces) but not linked from the served files.
  build: { sourcemap: 'hidden' },
});
