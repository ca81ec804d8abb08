export { YourDesignsPage } from './YourDesignsPage';
export { useRenameUpload } from './mutations';
