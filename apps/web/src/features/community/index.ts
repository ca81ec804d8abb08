export { CommunityPage } from './CommunityPage';
export { fetchMyTemplates, updateVisibility } from './api';
