import { defineConfig } from 'vitest/config';

// One runner for every package; `--project <name>` picks one (CI reruns `server` on PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      // Texts against ../shared/spec: `npm run test:spec-texts` (scripts/check-spec-texts.mjs).
      {
        test: { name: 'spec-texts', root: 'packages/shared', include: ['spec-texts/**/*.test.ts'] },
      },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      'apps/server',
      'apps/web',
    ],
  },
});
