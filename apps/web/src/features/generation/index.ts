export * from './api';
export { useGeneration } from './use-generation';
export { useGenerationRun, type RunFailure } from './use-generation-run';
export { describeStartFailure, type StartFailure } from './start-errors';
export { CreatingImageDialog } from './components/CreatingImageDialog';
export { DownloadDialog } from './components/DownloadDialog';
export { CompareView } from './components/CompareView';
export { ImageSizePicker } from './components/ImageSizePicker';
export { ImageUploader } from './components/ImageUploader';
