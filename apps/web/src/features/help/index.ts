export { HelpCenterPage } from './HelpCenterPage';
