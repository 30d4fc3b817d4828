// Paragraph comments end to end (issue 47, item 3): a comment on a paragraph of a chapter, found again by the
// paragraph's text after a revision, counted per paragraph on the thread's head (and in the server-rendered page), and
// a comment like any other in the chapter's thread. Real store, Redis and SMTP; the web app's server build computes
// the paragraphs' keys, as the chapter page does.
import { CommandBus } from '@nestjs/cqrs';
import {
  type ChapterData,
  type ChapterReadModel,
  type CommentsResponse,
  type CommentWriteResponse,
  LivePush,
  nextBookSlug,
  type ParagraphCountsResponse,
  ReadModelCollection,
} from '@shelf/contracts';
import { testEnv } from '@test/support';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { CommentAnswer } from '../../backend/src/modules/comments/domain/comment-messages';
import { WebAppBuild } from '../../backend/src/modules/pages/infrastructure/web-app-build';
import { ReadModels } from '../../workers/src/engine';
import { connect, joinThread, next } from '../live-sockets';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

const TEXT = ['The gate of the sect opened at dawn.', 'Shixiong smiled and said nothing at all.', 'The wind carried snow over the peaks.'].join('\n\n');
const REVISED = ['The gate of the sect opened before dawn, creaking.', 'Shixiong smiled and said nothing at all.', 'The wind carried snow over the peaks.'].join('\n\n');

describe('paragraph comments', () => {
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let chapterId: number;
  let alice: Reader;
  let bob: Reader;
  let carol: Reader;
  let keys: (markdown: string) => string[];

  const thread = () => ({ book_id: book.bookId, chapter_id: chapterId });
  const post = (reader: Reader, body: Record<string, unknown>) =>
    site.call<CommentWriteResponse & { comment_id?: string }>('POST', 'comment/post-comments', { body: { ...thread(), parent_comment_id: null, ...body }, token: reader.token });
  const counts = async () => (await site.call<ParagraphCountsResponse>('GET', `comment/paragraph-counts?book_id=${book.bookId}&chapter_id=${chapterId}`)).body;
  const shown = async (query = '') =>
    (await site.call<CommentsResponse>('GET', `comment/show-comments?book_id=${book.bookId}&chapter_id=${chapterId}&criteria=oldest${query}`)).body.comments;
  /** An editor saves the chapter's text again, as the catalog import does. */
  const revise = async (content: string) => {
    const stored = await site.workers.get(ReadModels).collection<ChapterReadModel>(ReadModelCollection.Chapters).findOne({ _id: `${book.bookId}:${chapterId}` });
    const { book_id, chapter_id, title, footnote, chapter_author_note, chapter_tl_note, uploaded_time } = stored!;
    const chapter: ChapterData = { book_id, chapter_id, title, content, footnote, chapter_author_note, chapter_tl_note, uploaded_time };
    await site.api.get(CommandBus).execute(new SaveChapterCommand(chapter, { actor: 'editor', correlationId: 'revise', causationId: null }));
    await site.drained();
  };

  beforeAll(async () => {
    site = await startSite(env);
    [book] = await seedCatalog(site, 1);
    chapterId = book.chapterIds[0];
    keys = site.api.get(WebAppBuild, { strict: false }).paragraphKeys()!;
    await revise(TEXT);
    [alice, bob, carol] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob'), await registerReader(site, 'Carol')];
  }, 90_000);

  afterAll(() => site.close());

  it('counts a paragraph comment and its replies on the paragraph, and keeps them in the chapter thread', async () => {
    const [, second] = keys(TEXT);
    const socket = await connect(site.base);
    expect(await joinThread(socket, thread())).toEqual({ ok: true });
    const created = next(socket, LivePush.CommentCreated);
    const posted = await post(alice, { paragraph: second, comment_content: 'This line about shixiong made me laugh out loud.' });
    expect(posted).toMatchObject({ status: 200, body: { success: 1, message: CommentAnswer.posted } });
    // The live push names the paragraph: the chapter page moves its count, and its thread takes the comment.
    expect((await created).comment).toMatchObject({ comment_id: posted.body.comment_id, paragraph: second });
    socket.close();
    const reply = await post(bob, { parent_comment_id: posted.body.comment_id, comment_content: 'He never says anything, and that is the joke.' });
    expect(reply.status).toBe(200);
    await site.drained();

    expect(await counts()).toEqual({ paragraphs: { [second]: 2 } });
    const whole = await shown();
    expect(whole.map((comment) => [comment.comment_id, comment.paragraph])).toEqual([
      [posted.body.comment_id, second],
      [reply.body.comment_id, second],
    ]);
    expect((await shown(`&paragraph=${second}`)).map((comment) => comment.comment_id)).toEqual([posted.body.comment_id, reply.body.comment_id]);
    expect(await shown(`&paragraph=${keys(TEXT)[0]}`)).toEqual([]);

    // Deleted, a comment is no longer counted on its paragraph.
    expect((await site.call('POST', 'comment/delete-comments', { body: { comment_id: reply.body.comment_id }, token: bob.token })).status).toBe(200);
    await site.drained();
    expect(await counts()).toEqual({ paragraphs: { [second]: 1 } });
  });

  it('refuses a paragraph that is not one of the chapter, a book, or another than the parent’s, with a 400 and a message', async () => {
    const [first, second] = keys(TEXT);
    const parent = (await shown(`&paragraph=${second}`))[0];
    const refusals: [Record<string, unknown>, string][] = [
      [{ paragraph: 'not-a-key', comment_content: 'A comment on a paragraph with a broken key.' }, CommentAnswer.badParagraph],
      [{ paragraph: 'aaaaaaaaaaaaaa', comment_content: 'A comment on a paragraph the chapter never had.' }, CommentAnswer.paragraphGone],
      [{ chapter_id: null, paragraph: first, comment_content: 'A comment on the book with a paragraph key.' }, CommentAnswer.paragraphOfBook],
      [{ parent_comment_id: parent.comment_id, paragraph: first, comment_content: 'A reply that names another paragraph than its parent.' }, CommentAnswer.paragraphOfParent],
    ];
    for (const [body, message] of refusals) expect(await post(bob, body)).toEqual({ status: 400, body: expect.objectContaining({ message }) });
    expect((await site.call('GET', `comment/paragraph-counts?book_id=${book.bookId}&chapter_id=x`)).status).toBe(400);
    expect(await site.call('GET', `comment/paragraph-counts?book_id=${book.bookId}&chapter_id=99999`)).toEqual({ status: 404, body: expect.objectContaining({ message: 'Chapter not found.' }) });
    expect(await counts()).toEqual({ paragraphs: { [second]: 1 } });
  });

  it('keeps a comment with its paragraph through a revision that leaves its text, and refuses the changed one', async () => {
    const [first, second] = keys(TEXT);
    await revise(REVISED);
    const revised = keys(REVISED);
    expect(revised).toContain(second);
    expect(revised).not.toContain(first);
    expect(await counts()).toEqual({ paragraphs: { [second]: 1 } });
    expect((await post(bob, { paragraph: first, comment_content: 'A comment on the first line as it used to read.' })).body.message).toBe(CommentAnswer.paragraphGone);
    // Bob's reply above started his 30-second cooldown; refusals start none.
    expect((await post(carol, { paragraph: revised[0], comment_content: 'The creaking gate is a nice new detail here.' })).status).toBe(200);
    await site.drained();
    expect(await counts()).toEqual({ paragraphs: { [second]: 1, [revised[0]]: 1 } });
  });

  it('sends the counts in the server-rendered chapter page, and a rebuild makes the same heads', async () => {
    const { body } = await site.call<{ bookDetails: { english_book_name: string } }>('GET', `${book.bookId}`);
    const slug = nextBookSlug(book.bookId, body.bookDetails.english_book_name);
    const html = await (await fetch(`${site.base}/${slug}/${chapterId}`)).text();
    const [, second] = keys(TEXT);
    expect(html).toContain(`"paragraphs":{`);
    expect(html).toContain(`"${second}":1`);

    const before = await readModelSnapshot(site.workers, ['rm_comment_threads']);
    await rebuild(site.workers, { api: site.api, names: ['comment-threads'] });
    expect(await readModelSnapshot(site.workers, ['rm_comment_threads'])).toEqual(before);
  });
});
