// Likes, comments, reports and reply notifications end to end: the API's commands append events, the workers
// project them, and the answers are read back through the API — on the real store, Redis and SMTP catcher.
import {
  type AnyDomainEvent,
  type CommentsResponse,
  type CommentsWithLikesResponse,
  EventLogCollection,
  type LikedStoriesResponse,
  type LikeStatusResponse,
  type RepliesResponse,
  SocialEventType,
  SocialReadModelCollection,
  type StoredEventDocument,
  toDomainEvent,
} from '@shelf/contracts';
import { testEnv, waitFor } from '@test/support';
import { ReplyInbox } from '@shelf/read-model-formats';
import { CommandBus } from '@nestjs/cqrs';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { applyStraight, type Projector, PROJECTORS, ReadModels } from '../../workers/src/engine';
import { ReplyInboxProjector } from '../../workers/src/projections/reply-inbox/reply-inbox.projector';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const GOOD = 'This chapter made me cry three times over.';

describe('likes, comments and notifications', () => {
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let other: { bookId: number; chapterIds: number[] };
  let alice: Reader;
  let bob: Reader;
  let unverified: Reader;

  const post = <T = Record<string, unknown>>(path: string, body: unknown, reader?: Reader) =>
    site.call<T>('POST', path, { body, token: reader?.token });
  const get = <T = Record<string, unknown>>(path: string, reader?: Reader) => site.call<T>('GET', path, { token: reader?.token });
  const put = <T = Record<string, unknown>>(path: string, reader?: Reader) => site.call<T>('PUT', path, { token: reader?.token });
  const thread = (chapterId: number | null = book.chapterIds[0]) => `book_id=${book.bookId}&chapter_id=${chapterId ?? ''}`;
  const comments = async (query = thread(), criteria = 'newest') =>
    (await get<CommentsResponse>(`comment/show-comments?${query}&criteria=${criteria}`)).body.comments;
  const snapshot = () => readModelSnapshot(site.workers, [...Object.values(SocialReadModelCollection), 'rm_books']);

  beforeAll(async () => {
    site = await startSite(env);
    [book, other] = await seedCatalog(site, 2);
    [alice, bob, unverified] = [
      await registerReader(site, 'Alice'),
      await registerReader(site, 'Bob'),
      await registerReader(site, 'Unverified', { verified: false }),
    ];
  }, 60_000);

  afterAll(() => site.close());

  describe('story likes', () => {
    it('counts one like per reader, however often they press, and tells visitors the count', async () => {
      expect(await post('like/like-book', { book_id: book.bookId })).toMatchObject({ status: 401 });
      expect((await post('like/like-book', { book_id: book.bookId }, alice)).body).toEqual({ message: 'You like this story.', isLiked: true });
      expect((await post('like/like-book', { book_id: book.bookId }, alice)).status).toBe(200);
      await post('like/like-book', { book_id: book.bookId }, bob);
      await site.drained();
      expect((await get<LikeStatusResponse>(`like/show-user-like-count?book_id=${book.bookId}`, alice)).body).toEqual({ isLiked: true, likeCount: { like_count: 2 } });
      expect((await get<LikeStatusResponse>(`like/show-visitor-like-count?book_id=${book.bookId}`)).body).toEqual({ isLiked: false, likeCount: { like_count: 2 } });

      await post('like/remove-like-book', { book_id: book.bookId }, bob);
      await post('like/remove-like-book', { book_id: book.bookId }, bob);
      await site.drained();
      expect((await get<LikeStatusResponse>(`like/show-user-like-count?book_id=${book.bookId}`, bob)).body).toEqual({ isLiked: false, likeCount: { like_count: 1 } });
      // Search carries the count too, a moment later: the search index is written once the like's batch is committed
      // (after the checkpoints drained() waits for), and each API process hears of it over Redis.
      const searched = async () => (await get<{ books: { book_id: number; like_count: number }[] }>(`searchbook?sort_by=likes`)).body.books.find((b) => b.book_id === book.bookId)?.like_count;
      await waitFor('the search index counts one like', async () => ((await searched()) === 1 ? true : undefined), 10_000);
    });

    it('answers 401 to visitors, 404 for an unknown book and 400 for a bad id', async () => {
      expect((await get(`like/show-user-like-count?book_id=${book.bookId}`)).status).toBe(401);
      expect(await post('like/remove-like-book', { book_id: book.bookId })).toMatchObject({ status: 401 });
      expect(await post('like/like-book', { book_id: 999_999 }, alice)).toMatchObject({ status: 404, body: { message: 'Book not found.' } });
      expect(await post('like/like-book', { book_id: 'abc' }, alice)).toMatchObject({ status: 400, body: { message: 'book_id must be a whole number.' } });
      expect(await get('like/show-visitor-like-count')).toMatchObject({ status: 400, body: { message: 'book_id must be a whole number.' } });
    });
  });

  describe('comment rules', () => {
    it.each([
      ['Too few words here', 'Your comment must have at least 5 words.'],
      ['a b c d e', 'Your comment must be at least 20 characters long.'],
      [`This word is ${'x'.repeat(51)} far too long`, 'Words in your comment should not exceed 50 characters.'],
      ['This is sooooooooooooo good, thank you', 'Please do not use excessive repeated characters.'],
      ['This is good good good good thank you', 'Your comment appears to be spammy. Please revise.'],
    ])('refuses %j with its message', async (text, message) => {
      const answer = await post('comment/post-comments', { book_id: book.bookId, chapter_id: book.chapterIds[0], parent_comment_id: null, comment_content: text, honeypot: '' }, alice);
      expect(answer).toEqual({ status: 400, body: { statusCode: 400, success: 0, message } });
    });

    it('asks visitors to log in and unverified readers to verify', async () => {
      const body = { book_id: book.bookId, chapter_id: null, parent_comment_id: null, comment_content: GOOD, honeypot: '' };
      expect((await post('comment/post-comments', body)).status).toBe(401);
      expect(await post('comment/post-comments', body, unverified)).toMatchObject({
        status: 403,
        body: { success: 0, message: 'Please log in and verify your email to comment.' },
      });
    });

    it('refuses a filled honeypot, unknown places and malformed ids', async () => {
      const body = { book_id: book.bookId, chapter_id: null, parent_comment_id: null, comment_content: GOOD };
      expect(await post('comment/post-comments', { ...body, honeypot: 'spam' }, alice)).toMatchObject({ status: 400, body: { success: 0 } });
      expect(await post('comment/post-comments', { ...body, book_id: 999_999 }, alice)).toMatchObject({ status: 404, body: { message: 'Book not found.' } });
      expect(await post('comment/post-comments', { ...body, chapter_id: 999_999 }, alice)).toMatchObject({ status: 404, body: { message: 'Chapter not found.' } });
      expect(await post('comment/post-comments', { ...body, parent_comment_id: 'nope' }, alice)).toMatchObject({ status: 400 });
      expect(await post('comment/edit-comments', { comment_id: 'nope', new_comment_content: GOOD }, alice)).toMatchObject({ status: 400 });
      expect(await post('comment/post-comments', '{"broken', alice)).toMatchObject({ status: 400 });
      expect(await get(`comment/show-comments?book_id=${book.bookId}&criteria=best`)).toMatchObject({ status: 400, body: { message: 'criteria must be likes, newest or oldest.' } });
    });
  });

  it.each([
    ['POST', 'like/like-book'],
    ['POST', 'like/remove-like-book'],
    ['POST', 'comment/post-comments'],
    ['POST', 'comment/edit-comments'],
    ['POST', 'comment/delete-comments'],
    ['POST', 'comment/report-comments'],
    ['POST', 'comment/like-comments'],
    ['POST', 'comment/delete-like-comments'],
    ['PUT', 'user/replies/mark-read'],
    ['PUT', 'user/liked-story/mark-updates-checked'],
    ['GET', 'user/liked-story'],
    ['GET', 'user/replies/unread-count'],
  ])('answers %s /api/%s without a valid token with 401', async (method, path) => {
    const body = method === 'GET' ? undefined : { book_id: book.bookId, comment_id: '5f0c3a4e-8d1b-4a57-9a3e-2b8a6b1c9d10', comment_content: GOOD, new_comment_content: GOOD };
    expect(await site.call(method, path, { body })).toMatchObject({ status: 401, body: { message: 'Please log in to continue.' } });
    expect((await site.call(method, path, { body, token: `${alice.token}x` })).status).toBe(401);
  });

  describe('a conversation', () => {
    let first: string;
    let reply: string;

    it('posts, makes the author wait 30 seconds, and takes a reply from another reader', async () => {
      const posted = await post<{ success: number; comment_id: string }>(
        'comment/post-comments',
        { book_id: book.bookId, chapter_id: book.chapterIds[0], parent_comment_id: null, comment_content: GOOD, honeypot: '' },
        alice,
      );
      expect(posted.body).toEqual({ success: 1, message: 'Your comment has been posted.', comment_id: expect.any(String) });
      first = posted.body.comment_id;

      const again = await post('comment/post-comments', { book_id: book.bookId, chapter_id: null, parent_comment_id: null, comment_content: GOOD }, alice);
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({ success: 0, message: expect.stringMatching(/^Please wait for (30|29|28) seconds before commenting again\.$/) });

      const elsewhere = await post('comment/post-comments', { book_id: other.bookId, chapter_id: null, parent_comment_id: first, comment_content: GOOD }, bob);
      expect(elsewhere).toMatchObject({ status: 400, body: { message: 'You can only reply to a comment on the same page.' } });
      const answered = await post<{ comment_id: string }>(
        'comment/post-comments',
        { book_id: book.bookId, chapter_id: book.chapterIds[0], parent_comment_id: first, comment_content: 'I cried too, at the very same scene.' },
        bob,
      );
      expect(answered.status).toBe(200);
      reply = answered.body.comment_id;
      await site.drained();

      const shown = await comments();
      expect(shown.map((c) => [c.comment_id, c.parent_comment_id, c.username])).toEqual([
        [reply, first, bob.user.username],
        [first, null, alice.user.username],
      ]);
      expect(shown[1]).toMatchObject({ book_id: book.bookId, chapter_id: book.chapterIds[0], comment_content: GOOD, like_count: 0, report_count: 0, deleted_comment: false });
      expect(JSON.stringify(shown)).not.toContain('@example.test');
      expect(await comments(thread(null))).toEqual([]);
    });

    it("notifies the parent's author, never the replier, and marks replies read", async () => {
      expect((await get('user/replies/unread-count', alice)).body).toEqual({ unreadCount: 1 });
      expect((await get('user/replies/unread-count', bob)).body).toEqual({ unreadCount: 0 });
      const { body } = await get<RepliesResponse>('user/replies?pageNum=1', alice);
      expect(body).toEqual({
        totalPages: 1,
        replies: [
          {
            comment_id: reply,
            comment_content: 'I cried too, at the very same scene.',
            comment_time: expect.any(String),
            parent_comment_id: first,
            parent_comment_content: GOOD,
            username: bob.user.username,
            book_id: book.bookId,
            english_book_name: expect.any(String),
            chapter_id: book.chapterIds[0],
            chapter_title: expect.any(String),
            notification_is_read: false,
          },
        ],
      });
      expect((await put('user/replies/mark-read', alice)).status).toBe(200);
      await site.drained();
      expect((await get('user/replies/unread-count', alice)).body).toEqual({ unreadCount: 0 });
      expect((await get<RepliesResponse>('user/replies', alice)).body.replies[0].notification_is_read).toBe(true);
      expect((await get('user/replies', alice)).status).toBe(200);
      expect((await get('user/replies')).status).toBe(401);
      expect((await get('user/replies?pageNum=0', alice)).status).toBe(400);
    });

    it('posts a comment once however often its key is sent again, and refuses a malformed key', async () => {
      const carol = await registerReader(site, 'Carol');
      const send = async (key: string, content = 'A comment sent with its key, perhaps twice.') => {
        const response = await fetch(`${site.base}/api/comment/post-comments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${carol.token}`, 'idempotency-key': key },
          body: JSON.stringify({ book_id: other.bookId, chapter_id: null, parent_comment_id: null, comment_content: content, honeypot: '' }),
        });
        return { status: response.status, body: (await response.json()) as { success: number; message: string; comment_id?: string } };
      };
      const first = await send('7d1f0c52b1a44e0f9d3e6a2b5c8f1e47');
      expect(first.body).toEqual({ success: 1, message: 'Your comment has been posted.', comment_id: expect.any(String) });
      // The same posting again (its answer lost, say): the same answer, no second comment, no cooldown met.
      const again = await send('7d1f0c52b1a44e0f9d3e6a2b5c8f1e47');
      expect(again).toEqual({ status: 200, body: first.body });
      // Another key is another posting, within the cooldown.
      expect((await send('0a9b8c7d6e5f40312233445566778899')).status).toBe(429);
      expect(await send('not a key!')).toEqual({ status: 400, body: { statusCode: 400, success: 0, message: 'The Idempotency-Key header must be 8 to 64 letters, digits, - or _.' } });
      await site.drained();
      const thread = await get<{ comments: { comment_id: string }[] }>(`comment/show-comments?book_id=${other.bookId}&chapter_id=&criteria=newest`);
      expect(thread.body.comments.filter((comment) => comment.comment_id === first.body.comment_id)).toHaveLength(1);
      expect(thread.body.comments).toHaveLength(1);
    });

    it('lets only the author edit and delete, and likes count once per reader', async () => {
      expect(await post('comment/edit-comments', { comment_id: first, new_comment_content: 'Somebody else rewrites this comment here.' }, bob)).toMatchObject({
        status: 403,
        body: { success: 0, message: 'You can only edit your own comment.' },
      });
      expect(await post('comment/delete-comments', { comment_id: first }, bob)).toMatchObject({ status: 403, body: { message: 'You can only delete your own comment.' } });
      expect(await post('comment/edit-comments', { comment_id: first, new_comment_content: 'too short' }, alice)).toMatchObject({
        status: 400,
        body: { message: 'Your comment must have at least 5 words.' },
      });
      expect((await post('comment/edit-comments', { comment_id: first, new_comment_content: 'This chapter made me cry four times over.' }, alice)).body).toEqual({
        success: 1,
        message: 'Your comment has been edited.',
      });
      expect((await post('comment/like-comments', { comment_id: first })).status).toBe(401);
      await post('comment/like-comments', { comment_id: first }, bob);
      await post('comment/like-comments', { comment_id: first }, bob);
      await post('comment/like-comments', { comment_id: reply }, alice);
      await post('comment/delete-like-comments', { comment_id: reply }, alice);
      await site.drained();
      const liked = await get<CommentsWithLikesResponse>(`comment/show-comments-with-like-comments?${thread()}&criteria=likes`, bob);
      expect(liked.body.likedComments).toEqual([{ comment_id: first }]);
      expect(liked.body.comments.map((c) => [c.comment_id, c.like_count, c.comment_content.slice(0, 30)])).toEqual([
        [first, 1, 'This chapter made me cry four '],
        [reply, 0, 'I cried too, at the very same '],
      ]);
      // The edited comment says when it was edited; the other never was.
      const [edited, untouched] = liked.body.comments;
      expect(Date.parse(edited.edited_time!)).toBeGreaterThan(Date.parse(edited.comment_time));
      expect(untouched.edited_time).toBeNull();

      expect((await post('comment/delete-comments', { comment_id: reply }, bob)).body).toEqual({ success: 1, message: 'Your comment has been deleted.' });
      expect(await post('comment/edit-comments', { comment_id: reply, new_comment_content: GOOD }, bob)).toMatchObject({
        status: 400,
        body: { message: 'This comment has been deleted.' },
      });
      await site.drained();
      const deleted = (await comments()).find((c) => c.comment_id === reply)!;
      expect(deleted).toMatchObject({ username: '[deleted]', comment_content: '[deleted]', deleted_comment: true, email_hash: null, user_id: null });
      // The reply card shows the deletion too; the original text is never sent again.
      const card = (await get<RepliesResponse>('user/replies', alice)).body.replies[0];
      expect(card.comment_content).toBe('[deleted]');
      expect(JSON.stringify(await get('user/replies', alice))).not.toContain('I cried too');
    });

    it('takes one report per reader, none from the author, and removes the comment at the tenth', async () => {
      expect(await post('comment/report-comments', { comment_id: first }, alice)).toMatchObject({ status: 403, body: { message: 'You cannot report your own comment.' } });
      expect(await post('comment/report-comments', { comment_id: first }, unverified)).toMatchObject({ status: 403 });
      expect((await post('comment/report-comments', { comment_id: first }, bob)).body).toEqual({ success: 1, message: 'Thank you. The comment has been reported.' });
      expect(await post('comment/report-comments', { comment_id: first }, bob)).toMatchObject({ status: 400, body: { message: 'You have already reported this comment.' } });
      const reporters = [];
      for (let i = 0; i < 9; i++) reporters.push(await registerReader(site, `Reporter`));
      // All at once: concurrent appends to the comment's stream are re-decided, never lost or doubled.
      const answers = await Promise.all(reporters.map((reporter) => post('comment/report-comments', { comment_id: first }, reporter)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(9).fill(200));
      await site.drained();
      const removed = (await comments()).find((c) => c.comment_id === first)!;
      expect(removed).toMatchObject({
        username: '[removed]',
        comment_content: 'This comment has been removed due to numerous reports.',
        report_count: 10,
        deleted_comment: false,
        email_hash: null,
      });
      expect(await post('comment/edit-comments', { comment_id: first, new_comment_content: GOOD }, alice)).toMatchObject({
        status: 400,
        body: { message: 'This comment has been removed.' },
      });
      expect(await post('comment/delete-comments', { comment_id: first }, alice)).toMatchObject({ status: 400 });
    }, 60_000);
  });

  it('flags a liked story with new chapters, counts it, and clears it when checked', async () => {
    await post('like/like-book', { book_id: other.bookId }, bob);
    await site.drained();
    expect((await get('user/liked-story/unchecked-updates-count', bob)).body).toEqual({ uncheckedUpdatesCount: 0 });
    const chapter = { book_id: other.bookId, chapter_id: 99, title: 'A new chapter', content: 'Words of a brand new chapter.', footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: new Date().toISOString() };
    await site.api.get(CommandBus).execute(new SaveChapterCommand(chapter, { actor: 'test', correlationId: 'c', causationId: null }));
    await site.drained();
    expect((await get('user/liked-story/unchecked-updates-count', bob)).body).toEqual({ uncheckedUpdatesCount: 1 });
    // The list's book data comes from the search index, which each API process hears of a moment after drained() (as
    // the like count above): the new chapter shows there once it has.
    const liked = await waitFor(
      'the liked list shows the new chapter',
      async () => {
        const answer = await get<LikedStoriesResponse>('user/liked-story?pageNum=1&sort_by=liked_time', bob);
        return answer.body.books?.[0]?.latest_chapter === 99 ? answer : undefined;
      },
      10_000,
    );
    expect(liked.body).toMatchObject({ totalPages: 1, books: [{ book_id: other.bookId, has_new_updates: true, latest_chapter: 99 }] });
    expect((await get('user/liked-story/unchecked-updates-count', alice)).body).toEqual({ uncheckedUpdatesCount: 0 });
    expect((await get('user/liked-story?sort_by=random', bob)).status).toBe(400);

    await put('user/liked-story/mark-updates-checked', bob);
    await site.drained();
    expect((await get('user/liked-story/unchecked-updates-count', bob)).body).toEqual({ uncheckedUpdatesCount: 0 });
    const sorted = await get<LikedStoriesResponse>('user/liked-story?sort_by=like_count', alice);
    expect(sorted.body.books.map((b) => [b.book_id, b.has_new_updates])).toEqual([[book.bookId, false]]);
  });

  it('changes nothing when every event is projected again, and a rebuild equals the live read models', async () => {
    await site.drained();
    const live = await snapshot();
    const stored = await site.store.collection<StoredEventDocument>(EventLogCollection.Events).find({}).toArray();
    const events: AnyDomainEvent[] = stored.map(toDomainEvent).filter((event) => !event.type.startsWith('user.'));
    const projectors = site.workers.get<Projector[]>(PROJECTORS);
    for (const event of events) await applyStraight(site.workers.get(ReadModels), projectors, event);
    expect(await snapshot()).toEqual(live);

    await rebuild(site.workers, { api: site.api });
    expect(await snapshot()).toEqual(live);
  }, 60_000);

  // Applied straight to the projector, not appended: the last test, so no rebuild from the log compares after it.
  it('counts replies that reach an inbox after a read mark of a later time (as a rebuild may apply them)', async () => {
    const inbox = site.workers.get(ReplyInboxProjector);
    const by = { actor: 'test', correlationId: 'late-replies', causationId: null };
    const at = (second: number) => `2026-11-20T10:00:0${second}.000Z`;
    const readModels = site.workers.get(ReadModels);
    await applyStraight(readModels, [inbox], { id: 'mark-late', streamId: 'reader-late-mark-1', version: 1, type: SocialEventType.RepliesMarkedRead, occurredAt: at(5), metadata: by, data: { user_id: 'late' } });
    for (const [second, id] of [[3, 'early-reply'], [7, 'later-reply']] as const) {
      await applyStraight(readModels, [inbox], {
        id, streamId: `comment-${id}`, version: 1, type: SocialEventType.CommentPosted, occurredAt: at(second), metadata: by,
        data: { comment_id: id, book_id: book.bookId, chapter_id: null, parent_comment_id: 'parent', parent_user_id: 'late', user_id: 'replier', username: 'R', email_hash: 'h', comment_content: GOOD },
      });
    }
    const late = await ReplyInbox.open((name) => readModels.collection(name), 'late');
    expect([late.count, await late.unreadCount(), late.readUpTo]).toEqual([2, 1, at(5)]);
  });
});
