import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The API's rules do not depend on which cut-out ran: the engine's fallbacks (GrabCut,
    // Tesseract) keep this suite within CI's time; the engine's own tests run the learned models.
    env: { ADTWIN_LEARNED_MODELS: '0' },
  },
});
