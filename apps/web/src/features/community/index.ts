export { CommunityPage } from './CommunityPage';
export { fetchMyTemplates, type CommunityTemplate } from './api';
