// Every path the API answers, with a valid-looking request for each: the product's API calls, the logout call,
// health, the generated covers, the e-books, the queue dashboard, the operators' API, and paths that match no route.
import { CATEGORIES, COMMENT_SORTS, GENRES, LIKED_STORY_SORTS, SEARCH_SORTS, TAGS } from '@shelf/contracts';

/** What the test site holds, for requests that reach past validation. */
export interface Fixtures {
  bookIds: number[];
  chapterIds: number[];
  commentIds: string[];
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Each `:name` is a segment drawn from `segments[name]`, or a hostile one. */
  path: string;
  segments?: Record<string, string[]>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Whether it needs a reader's bearer token; requests are sent with and without one either way. */
  reader?: boolean;
  /** Whether it needs an operator's bearer token (sent mostly with it, and with the others too). */
  operator?: boolean;
  /** False where a refusal is not the API's JSON with a message (the queue dashboard's own API). */
  jsonErrors?: boolean;
}

const password = 'correct horse battery staple';
const token = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export function apiRoutes({ bookIds, chapterIds, commentIds }: Fixtures): ApiRoute[] {
  const [bookId] = bookIds;
  const comment = { comment_id: commentIds[0] };
  const thread = { book_id: String(bookId), chapter_id: String(chapterIds[0]), criteria: COMMENT_SORTS[1] };
  const slugs = bookIds.flatMap((id) => [String(id), `${id}-a-book`]);
  return [
    { method: 'POST', path: '/api/user/login', body: { email: 'reader@example.test', password, honeypot: '' } },
    { method: 'POST', path: '/api/user/token', body: { refreshToken: token } },
    { method: 'POST', path: '/api/user/logout', body: { refreshToken: token } },
    { method: 'POST', path: '/api/user/register', body: { email: 'new.reader@example.test', password, username: 'New Reader', honeypot: '' } },
    { method: 'GET', path: '/api/user/verify-email', query: { token, email: 'reader@example.test' } },
    { method: 'POST', path: '/api/user/forgot-password', body: { email: 'reader@example.test', honeypot: '' } },
    { method: 'GET', path: '/api/user/reset-password', query: { token, email: 'reader@example.test' } },
    { method: 'POST', path: '/api/user/reset-password', body: { token, newPassword: password, honeypot: '' } },
    { method: 'POST', path: '/api/user/profile/change-username', body: { newUsername: 'Renamed Reader', honeypot: '' }, reader: true },
    { method: 'POST', path: '/api/user/profile/change-password', body: { newPassword: password, honeypot: '' }, reader: true },
    { method: 'GET', path: '/api/user/liked-story', query: { pageNum: '1', sort_by: LIKED_STORY_SORTS[1] }, reader: true },
    { method: 'GET', path: '/api/user/liked-story/unchecked-updates-count', reader: true },
    { method: 'PUT', path: '/api/user/liked-story/mark-updates-checked', reader: true },
    { method: 'GET', path: '/api/user/replies', query: { pageNum: '1' }, reader: true },
    { method: 'GET', path: '/api/user/replies/unread-count', reader: true },
    { method: 'PUT', path: '/api/user/replies/mark-read', reader: true },
    { method: 'GET', path: '/api/' },
    {
      method: 'GET',
      path: '/api/searchbook',
      query: {
        page: '1',
        pageSize: '10',
        diversity: 'Non-BL',
        original_language: 'Chinese',
        completion_status: 'Ongoing',
        ending: 'Happy Ending',
        word_count: '5001-10000',
        setting: 'Modern',
        genre: GENRES[0],
        tag: TAGS[0],
        exclude_genre: GENRES[1],
        exclude_tag: TAGS[1],
        book_name: 'a',
        sort_by: SEARCH_SORTS[1],
      },
    },
    { method: 'GET', path: '/api/:category/:value', segments: { category: [...CATEGORIES], value: [GENRES[0], 'Modern', 'Non-BL', TAGS[0]] }, query: { pageNum: '1' } },
    { method: 'GET', path: '/api/:book', segments: { book: slugs } },
    { method: 'GET', path: '/api/:book/:chapter', segments: { book: slugs, chapter: chapterIds.map(String) } },
    { method: 'GET', path: '/api/comment/show-comments', query: thread },
    { method: 'GET', path: '/api/comment/show-comments-with-like-comments', query: thread, reader: true },
    {
      method: 'POST',
      path: '/api/comment/post-comments',
      body: { book_id: bookId, chapter_id: chapterIds[0], parent_comment_id: null, comment_content: 'A few kind words about this chapter, friends.', honeypot: '' },
      reader: true,
    },
    { method: 'POST', path: '/api/comment/edit-comments', body: { ...comment, new_comment_content: 'Some other kind words about this chapter.', honeypot: '' }, reader: true },
    { method: 'POST', path: '/api/comment/delete-comments', body: comment, reader: true },
    { method: 'POST', path: '/api/comment/report-comments', body: comment, reader: true },
    { method: 'POST', path: '/api/comment/like-comments', body: comment, reader: true },
    { method: 'POST', path: '/api/comment/delete-like-comments', body: comment, reader: true },
    { method: 'GET', path: '/api/like/show-user-like-count', query: { book_id: String(bookId) }, reader: true },
    { method: 'GET', path: '/api/like/show-visitor-like-count', query: { book_id: String(bookId) } },
    { method: 'POST', path: '/api/like/like-book', body: { book_id: bookId }, reader: true },
    { method: 'POST', path: '/api/like/remove-like-book', body: { book_id: bookId }, reader: true },
    { method: 'POST', path: '/api/user/reading-progress', body: { book_id: bookId, chapter_id: chapterIds[0], position: 0.5 }, reader: true },
    { method: 'GET', path: '/api/user/reading-progress', query: { book_id: String(bookId) }, reader: true },
    { method: 'GET', path: '/api/user/reading-progress/recent', reader: true },
    {
      method: 'POST',
      path: '/api/user/reading-progress/merge',
      body: { entries: [{ book_id: bookId, chapter_id: chapterIds[0], position: 0.25, read_at: '2026-11-25T10:00:00.000Z' }] },
      reader: true,
    },
    { method: 'POST', path: '/api/user/resend-verification', reader: true },
    { method: 'GET', path: '/api/user/library', reader: true },
    { method: 'GET', path: '/api/user/library/shelf', query: { book_id: String(bookId) }, reader: true },
    { method: 'PUT', path: '/api/user/library/shelf', body: { book_id: bookId, shelf: 'reading' }, reader: true },
    { method: 'GET', path: '/api/user/searchbook', query: { genre: GENRES[0], exclude_tag: TAGS[0], exclude_setting: 'Modern', page: '1' }, reader: true },
    { method: 'GET', path: '/api/user/search-presets', reader: true },
    { method: 'PUT', path: '/api/user/search-presets', body: { name: 'Favourite search', query: `genre=${GENRES[0]}&exclude_tag=${TAGS[1]}` }, reader: true },
    { method: 'DELETE', path: '/api/user/search-presets', query: { name: 'Favourite search' }, reader: true },
    { method: 'GET', path: '/api/user/feeds/reading', reader: true },
    { method: 'PUT', path: '/api/user/feeds/reading', reader: true },
    { method: 'DELETE', path: '/api/user/feeds/reading', reader: true },
    { method: 'GET', path: '/api/user/mutes', reader: true },
    { method: 'PUT', path: '/api/user/mutes', body: { user_id: '00000000-0000-4000-8000-000000000000', relation: 'muted' }, reader: true },
    { method: 'DELETE', path: '/api/user/mutes', query: { user_id: '00000000-0000-4000-8000-000000000000', relation: 'blocked' }, reader: true },
    { method: 'GET', path: '/api/feeds/:file', segments: { file: ['latest.rss', 'latest.atom'] } },
    { method: 'GET', path: '/api/feeds/stories/:file', segments: { file: bookIds.flatMap((id) => [`${id}.rss`, `${id}.atom`]) } },
    { method: 'GET', path: '/api/feeds/reading/:file', segments: { file: [`${'0'.repeat(64)}.rss`, `${'f'.repeat(64)}.atom`] } },
    { method: 'GET', path: '/api/books/:id/epub', segments: { id: bookIds.map(String) } },
    { method: 'GET', path: '/api/health' },
    { method: 'GET', path: '/covers/:file', segments: { file: bookIds.map((id) => `${id}.svg`) } },
    { method: 'GET', path: '/admin/queues' },
    { method: 'GET', path: '/admin/queues/api/:part', segments: { part: ['queues', 'redis/stats'] }, query: { activeQueue: 'events', page: '1' }, jsonErrors: false },
    { method: 'GET', path: '/api/admin/me', operator: true },
    { method: 'GET', path: '/api/admin/moderation', query: { view: 'review', page: '1' }, operator: true },
    { method: 'GET', path: '/api/admin/moderation/comments/:id', segments: { id: commentIds }, operator: true },
    { method: 'POST', path: '/api/admin/moderation/:action', segments: { action: ['dismiss', 'remove', 'restore'] }, body: comment, operator: true },
    { method: 'POST', path: '/api/admin/moderation/suspend', body: { user_id: 'a-user', days: 7, reason: 'Spam in comments' }, operator: true },
    { method: 'POST', path: '/api/admin/moderation/lift-suspension', body: { user_id: 'a-user' }, operator: true },
    { method: 'GET', path: '/api/admin/:file', segments: { file: ['audit', 'audit.csv'] }, query: { actor: 'a-user', type: 'comment.restored.v1', from: '2026-01-01', to: '2026-12-31', page: '1' }, operator: true },
    { method: 'POST', path: '/api/admin/queue-dashboard-session', operator: true },
    { method: 'GET', path: '/api/:a/:b/:c', segments: { a: ['user', 'comment', 'like'], b: ['profile', 'x'], c: ['y'] } },
    { method: 'POST', path: '/:a', segments: { a: ['api', 'realtime', 'covers', 'index.html'] }, body: {} },
  ];
}
