export { CHAPTER_ID } from './chapter-paths';
export { ChapterPage } from './components/ChapterPage';
export { chapterKeys, paragraphCountKeys } from './query-keys';
