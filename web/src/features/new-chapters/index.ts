export { NewChapterNotice } from './components/NewChapterNotice';
export { listsChaptersOf } from './queries';
