export { CommunityPage } from './CommunityPage';
export { fetchMyTemplates, updateVisibility } from './api';
export { refreshAfterVisibilityChange } from './mutations';
