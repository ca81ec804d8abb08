export { DesignPage } from './DesignPage';
