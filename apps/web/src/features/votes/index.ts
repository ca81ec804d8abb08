export { VoteButtons } from './VoteButtons';
