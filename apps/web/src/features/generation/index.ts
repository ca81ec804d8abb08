export * from './api';
export { useGeneration } from './use-generation';
export { describeStartFailure, type StartFailure } from './start-errors';
