export { CommunityPage } from './CommunityPage';
export { fetchMyTemplates, updateVisibility, type CommunityTemplate } from './api';
