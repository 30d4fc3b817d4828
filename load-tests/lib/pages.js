// The API calls the web app makes to show a story or a chapter: the page itself, its like count and its comments,
// as a visitor or as a signed-in reader (who sees which comments they like).
import { storySlug } from '../../contracts/src/rules/slugs.ts';
import { request } from './http.js';

/** The address of a story as the web app links it: `{book_id}-{slug of the English name}`. */
export const slugOf = (book) => storySlug(book.book_id, book.english_book_name);

/** A thread's like count and comments; `reader` (lib/readers.js) when signed in. */
function threadCalls({ book_id, chapter_id }, reader) {
  const call = reader ? reader.call.bind(reader) : request;
  const thread = `book_id=${book_id}&chapter_id=${chapter_id ?? ''}&criteria=likes`;
  const likes = reader ? 'show-user-like-count' : 'show-visitor-like-count';
  const comments = reader ? 'show-comments-with-like-comments' : 'show-comments';
  const like = call('GET', `/api/like/${likes}?book_id=${book_id}`, { name: `GET /api/like/${likes}` });
  const shown = call('GET', `/api/comment/${comments}?${thread}`, { name: `GET /api/comment/${comments}` });
  return { like: like.data, comments: shown.data?.comments ?? [], likedComments: shown.data?.likedComments ?? [] };
}

/** A story's page: { details, chapters, like, comments, likedComments }. */
export function storyPage(book, reader) {
  const page = request('GET', `/api/${slugOf(book)}`, { name: 'GET /api/{book}' });
  const thread = threadCalls({ book_id: book.book_id, chapter_id: null }, reader);
  return { details: page.data?.bookDetails, chapters: page.data?.chapters ?? [], ...thread };
}

/** A chapter's page: { content, like, comments, likedComments }. */
export function chapterPage(book, chapterId, reader) {
  const page = request('GET', `/api/${slugOf(book)}/${chapterId}`, { name: 'GET /api/{book}/{chapter}' });
  const thread = threadCalls({ book_id: book.book_id, chapter_id: chapterId }, reader);
  return { content: page.data?.chapterContent, ...thread };
}
