// Signed-in social use: the header's badge counts, a story and one of its chapters as a reader sees them, a like or
// unlike of the story and of a comment, a comment or a reply when the reader's cooldown allows (one every 30 s), then
// Reply Notifications and Liked Stories, each marked read or checked as the web app does on opening them.
import { commentText } from '../lib/comment-text.js';
import { pick, think } from '../lib/http.js';
import { chapterPage, storyPage } from '../lib/pages.js';
import { READER_NAME_PREFIX } from '../lib/plan.mjs';
import { readersOf } from '../lib/readers.js';
import { books } from '../lib/run-data.js';

/** A comment to answer: shown, someone else's, and not a live reader's (their reply badge is being timed). */
const answerable = (comment, reader) => !comment.deleted_comment && comment.user_id !== reader.userId && !comment.username.startsWith(READER_NAME_PREFIX.live);

function badges(reader) {
  reader.call('GET', '/api/user/replies/unread-count', { name: 'GET /api/user/replies/unread-count' });
  reader.call('GET', '/api/user/liked-story/unchecked-updates-count', { name: 'GET /api/user/liked-story/unchecked-updates-count' });
}

export async function socialJourney() {
  const [reader] = readersOf('social', 1);
  badges(reader);

  const book = pick(books);
  const story = storyPage(book, reader);
  think(1, 2);
  const likeStory = story.like?.isLiked ? 'remove-like-book' : 'like-book';
  reader.call('POST', `/api/like/${likeStory}`, { name: `POST /api/like/${likeStory}`, body: { book_id: book.book_id } });

  const chapterId = pick(book.chapters);
  const chapter = chapterPage(book, chapterId, reader);
  think(1, 2);
  if (chapter.comments.length) {
    const { comment_id } = pick(chapter.comments);
    const likeComment = chapter.likedComments.some((liked) => liked.comment_id === comment_id) ? 'delete-like-comments' : 'like-comments';
    reader.call('POST', `/api/comment/${likeComment}`, { name: `POST /api/comment/${likeComment}`, body: { comment_id } });
  }
  if (reader.cooldownLeft() === 0) {
    const parent = Math.random() < 0.5 ? pick(chapter.comments.filter((comment) => answerable(comment, reader))) : undefined;
    await reader.comment({ book_id: book.book_id, chapter_id: chapterId }, commentText(), parent?.comment_id ?? null);
  }
  think(1, 2);

  badges(reader);
  reader.call('GET', '/api/user/replies?pageNum=1', { name: 'GET /api/user/replies' });
  reader.call('PUT', '/api/user/replies/mark-read', { name: 'PUT /api/user/replies/mark-read' });
  reader.call('GET', '/api/user/liked-story?pageNum=1&sort_by=last_updated', { name: 'GET /api/user/liked-story' });
  reader.call('PUT', '/api/user/liked-story/mark-updates-checked', { name: 'PUT /api/user/liked-story/mark-updates-checked' });
}
