export { CommentSection } from './components/CommentSection';
export { SpoilerFold } from './components/SpoilerFold';
export { MutedReaders } from './mutes/components/MutedReaders';
export { renameAuthorInCache } from './queries';
