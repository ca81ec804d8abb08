export { HelpCenterPage } from './HelpCenterPage';
export { UseTheApiPage } from './UseTheApiPage';
