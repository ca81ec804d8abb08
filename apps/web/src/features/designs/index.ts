export { YourDesignsPage } from './YourDesignsPage';
