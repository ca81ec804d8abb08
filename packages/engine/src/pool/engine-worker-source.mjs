// The engine worker when the engine runs from its TypeScript sources (tsx, Vitest): a worker
// thread starts without the parent's loader, so it registers tsx before loading the worker. The
// built server bundles engine-worker.ts to JavaScript instead and never loads this file.
import { register } from 'tsx/esm/api';

register();
export const { runEngineTask } = await import('./engine-worker.ts');
