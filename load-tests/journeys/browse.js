// Browse, as a visitor: the home page, a category, a story listed there and its first chapter, each page with the
// calls the web app makes for it.
import { openPage, pick, request, think } from '../lib/http.js';
import { chapterPage, storyPage } from '../lib/pages.js';
import { books } from '../lib/run-data.js';

export function browseJourney() {
  openPage('/', 'page /');
  request('GET', '/api/', { name: 'GET /api/' });
  think(1, 3);

  const [category, value] = pick(pick(books).categories);
  const listed = request('GET', `/api/${category}/${encodeURIComponent(value)}?pageNum=1`, { name: 'GET /api/{category}/{value}' });
  if (!listed.data?.books?.length) return;
  think(1, 3);

  const book = pick(listed.data.books);
  const story = storyPage(book);
  if (!story.chapters.length) return;
  think(1, 3);

  chapterPage(book, story.chapters[0].chapter_id);
}
