export { DesignPage } from './DesignPage';
export { LibraryDialog } from './chat/LibraryDialog';
