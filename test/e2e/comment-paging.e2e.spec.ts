// Long comment threads end to end: the whole thread as the spec answers it, the same thread a page at a time
// (`limit`, `after`), the paging parameters refused with a message, authors named as they are called now in a thread of
// many authors, and a thread read again after likes, edits and posts showing them — on the real store, Redis and SMTP
// catcher.
import { COMMENTS_PAGE_MAX, type CommentsPaging, type CommentsResponse, type CommentsWithLikesResponse, type CommentView } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { randomUUID } from 'node:crypto';
import { appendComment, type Reader, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
/** Past one stored page of the thread (200), and more authors than the API looks up one by one (16). */
const COMMENTS = 450;
const AUTHORS = 24;

type Paged = CommentsResponse & CommentsPaging;

describe('a long comment thread', () => {
  let site: TestSite;
  let thread: { book_id: number; chapter_id: number };
  let other: { book_id: number; chapter_id: number };
  let dana: Reader;
  let erin: Reader;
  let danasComment: string;
  let ids: string[];
  const renamed = `Dana Renamed ${Date.now() % 100_000}`;

  const query = (params: Record<string, string | number>, where = thread) => new URLSearchParams({ ...where, ...params } as never).toString();
  const show = <T = Paged>(params: Record<string, string | number>, where = thread) => site.call<T>('GET', `comment/show-comments?${query(params, where)}`);
  const whole = async (criteria: string) => (await show<CommentsResponse>({ criteria })).body.comments;
  /** Every page of the thread in `criteria` order, `limit` at a time, following next_after. */
  const allPages = async (criteria: string, limit: number) => {
    const pages: Paged[] = [];
    for (let after: string | null = null; pages.length === 0 || after !== null; after = pages.at(-1)!.next_after) {
      const { status, body } = await show({ criteria, limit, ...(after ? { after } : {}) });
      expect(status).toBe(200);
      pages.push(body);
    }
    return pages;
  };

  beforeAll(async () => {
    site = await startSite(env);
    const [book, second] = await seedCatalog(site, 2);
    thread = { book_id: book.bookId, chapter_id: book.chapterIds[0] };
    other = { book_id: second.bookId, chapter_id: second.chapterIds[0] };
    [dana, erin] = [await registerReader(site, 'Dana'), await registerReader(site, 'Erin')];
    const posted = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { ...thread, parent_comment_id: null, comment_content: "Dana's comment, written before the rename.", honeypot: '' },
      token: dana.token,
    });
    danasComment = posted.body.comment_id;
    const authors = Array.from({ length: AUTHORS }, () => randomUUID());
    ids = [danasComment];
    for (let n = 1; n < COMMENTS; n++) {
      const parent = n % 5 === 0 ? { id: ids[n - 3], author: authors[(n - 3) % AUTHORS] } : null;
      ids.push(await appendComment(site, { userId: authors[n % AUTHORS], parent, bookId: thread.book_id, chapterId: thread.chapter_id, content: `Comment ${n} of a long thread.` }));
    }
    await appendComment(site, { userId: authors[0], bookId: other.book_id, chapterId: other.chapter_id, content: 'A comment of another thread.' });
    await site.drained();
  }, 120_000);

  afterAll(() => site.close());

  it('answers the whole thread as the spec has it when no page is asked for', async () => {
    const answer = await show<CommentsResponse>({ criteria: 'oldest' });
    expect(Object.keys(answer.body)).toEqual(['comments']);
    expect(answer.body.comments.map((comment) => comment.comment_id)).toEqual(ids);
  });

  it('gives the same comments a page at a time, in every order, with where the next page starts', async () => {
    for (const criteria of ['oldest', 'newest', 'likes']) {
      const pages = await allPages(criteria, 200);
      expect(pages.map((page) => page.comments.length)).toEqual([200, 200, 50]);
      expect(pages.map((page) => page.total_comments)).toEqual([COMMENTS, COMMENTS, COMMENTS]);
      expect(pages.map((page) => page.next_after)).toEqual([pages[0].comments[199].comment_id, pages[1].comments[199].comment_id, null]);
      expect(pages.flatMap((page) => page.comments)).toEqual(await whole(criteria));
    }
    // `after` alone: the rest, at most COMMENTS_PAGE_MAX.
    const rest = await show({ criteria: 'oldest', after: ids[9] });
    expect(rest.body.comments.map((comment) => comment.comment_id)).toEqual(ids.slice(10, 10 + COMMENTS_PAGE_MAX));
    expect(rest.body.next_after).toBeNull();
  });

  it('tells a logged-in reader which comments of the page they like', async () => {
    for (const id of [ids[3], ids[300]]) expect((await site.call('POST', 'comment/like-comments', { body: { comment_id: id }, token: erin.token })).status).toBe(200);
    await site.drained();
    const page = (after: string) =>
      site.call<CommentsWithLikesResponse & CommentsPaging>('GET', `comment/show-comments-with-like-comments?${query({ criteria: 'oldest', limit: 100, after })}`, { token: erin.token });
    expect((await page(ids[0])).body.likedComments).toEqual([{ comment_id: ids[3] }]);
    expect((await page(ids[250])).body.likedComments).toEqual([{ comment_id: ids[300] }]);
    expect((await page(ids[400])).body).toMatchObject({ likedComments: [], next_after: null, total_comments: COMMENTS });
  });

  it('refuses a page asked for with garbage, with a message', async () => {
    const LIMIT = `limit must be a whole number from 1 to ${COMMENTS_PAGE_MAX}.`;
    for (const limit of ['0', '-1', 'ten', '1.5', '', String(COMMENTS_PAGE_MAX + 1), '99999999999999999999']) {
      expect(await show({ criteria: 'oldest', limit })).toEqual({ status: 400, body: expect.objectContaining({ message: LIMIT }) });
    }
    expect(await show({ limit: 10, after: 'not-a-comment' })).toEqual({ status: 400, body: expect.objectContaining({ message: 'after is not a comment id.' }) });
    const unknown = { status: 400, body: expect.objectContaining({ message: 'after is not a comment of this thread.' }) };
    expect(await show({ limit: 10, after: randomUUID() })).toEqual(unknown);
    expect(await show({ limit: 10, after: ids[5] }, other)).toEqual(unknown);
    const withLikes = await site.call('GET', `comment/show-comments-with-like-comments?${query({ limit: 'many' })}`, { token: erin.token });
    expect(withLikes).toEqual({ status: 400, body: expect.objectContaining({ message: LIMIT }) });
    // An unknown chapter is still not found, paged or not.
    expect((await show({ limit: 10 }, { book_id: thread.book_id, chapter_id: 999_999 })).status).toBe(404);
  });

  it('names an author of a thread of many by the name they changed to', async () => {
    expect(await site.call('POST', 'user/profile/change-username', { body: { newUsername: renamed, honeypot: '' }, token: dana.token })).toMatchObject({ status: 200 });
    await site.drained();
    const shownAs = (comments: CommentView[]) => comments.find((comment) => comment.comment_id === danasComment)?.username;
    expect(shownAs(await whole('oldest'))).toBe(renamed);
    expect(shownAs((await show({ criteria: 'oldest', limit: 5 })).body.comments)).toBe(renamed);
    expect(new Set((await whole('oldest')).map((comment) => comment.user_id)).size).toBeGreaterThan(16);
  });

  it('shows likes, edits and new comments on any page when the thread is read again', async () => {
    const before = await whole('oldest');
    const [first, middle] = [ids[1], ids[250]];
    expect((await site.call('POST', 'comment/like-comments', { body: { comment_id: first }, token: dana.token })).status).toBe(200);
    expect((await site.call('POST', 'comment/like-comments', { body: { comment_id: middle }, token: dana.token })).status).toBe(200);
    await site.call('POST', 'comment/edit-comments', { body: { comment_id: danasComment, new_comment_content: "Dana's comment, edited much later.", honeypot: '' }, token: dana.token });
    const newer = await site.call<{ comment_id: string }>('POST', 'comment/post-comments', {
      body: { ...thread, parent_comment_id: null, comment_content: 'A comment that starts a third page.', honeypot: '' },
      token: erin.token,
    });
    await site.drained();
    const after = await whole('oldest');
    const find = (comments: CommentView[], id: string) => comments.find((comment) => comment.comment_id === id)!;
    expect(find(after, first).like_count).toBe(find(before, first).like_count + 1);
    expect(find(after, middle).like_count).toBe(find(before, middle).like_count + 1);
    expect(find(after, danasComment).comment_content).toBe("Dana's comment, edited much later.");
    expect(after.map((comment) => comment.comment_id)).toEqual([...ids, newer.body.comment_id]);
  });
});
