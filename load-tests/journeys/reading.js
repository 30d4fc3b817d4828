// A reading session, as a visitor: a story's page, then three to six chapters in order from where the reader left
// off, each followed by its Next Chapter link after a pause to read it.
import { pick, think } from '../lib/http.js';
import { chapterPage, storyPage } from '../lib/pages.js';
import { books } from '../lib/run-data.js';

export function readingJourney() {
  const book = pick(books);
  const story = storyPage(book);
  if (!story.chapters.length) return;
  think(1, 2);

  let chapterId = pick(story.chapters.slice(0, Math.max(1, story.chapters.length - 3))).chapter_id;
  for (let read = 3 + Math.floor(Math.random() * 4); read > 0 && chapterId; read--) {
    chapterId = chapterPage(book, chapterId).content?.next_chapter_id;
    think(2, 4);
  }
}
