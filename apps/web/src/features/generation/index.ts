export * from './api';
export { useGeneration } from './use-generation';
export { useGenerationRun } from './use-generation-run';
export {
  refreshCredits,
  useStartChat,
  useStartGeneration,
  useStartSwap,
  useUploadImage,
} from './mutations';
export { describeStartFailure } from './start-errors';
export { RunProgressDialog } from './components/RunProgressDialog';
export { DownloadDialog } from './components/DownloadDialog';
export { CompareView } from './components/CompareView';
export { ImageSizePicker } from './components/ImageSizePicker';
export { ImageUploader } from './components/ImageUploader';
