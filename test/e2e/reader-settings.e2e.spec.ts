// A reader's settings kept on the account, end to end: each choice is a command and an event, projected by the workers.
// Spoiler folds: a reply on a chapter later than the one the reader is on (their reading progress) comes folded in their
// reply list, and stops being folded when their progress reaches it or when they turn folding off. The glossary: marks
// on or off, and the form each title is read in, kept for every book. Real store, Redis and SMTP.
import { LibraryReadModelCollection, type ReaderSettingsResponse, type RepliesResponse } from '@shelf/contracts';
import { testEnv } from '@test/support';
import { appendComment, type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('reader settings', () => {
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let alice: Reader;
  let bob: Reader;

  const settingsOf = async (reader: Reader) => site.call<ReaderSettingsResponse>('GET', 'user/reader-settings', { token: reader.token });
  const choose = (body: unknown, reader?: Reader) => site.call<Record<string, unknown>>('PUT', 'user/reader-settings', { body, token: reader?.token });
  const chooseTitle = (body: unknown, reader?: Reader) => site.call<Record<string, unknown>>('PUT', 'user/reader-settings/titles', { body, token: reader?.token });
  const DEFAULTS = { spoiler_fold: true, glossary_marks: true, title_forms: [] };
  const readAt = async (chapterId: number, position: number) => {
    await site.call('POST', 'user/reading-progress', { body: { book_id: book.bookId, chapter_id: chapterId, position }, token: alice.token });
    await site.drained();
  };
  const repliesOf = async (reader: Reader) => (await site.call<RepliesResponse>('GET', 'user/replies?pageNum=1', { token: reader.token })).body.replies;

  beforeAll(async () => {
    site = await startSite(env);
    [book] = await seedCatalog(site, 1);
    [alice, bob] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob')];
  }, 60_000);

  afterAll(() => site.close());

  it('folds spoilers for a reader who chose nothing', async () => {
    expect(await settingsOf(alice)).toEqual({ status: 200, body: DEFAULTS });
  });

  it('folds a reply on a chapter later than the one the reader is on, following their progress', async () => {
    const [first, second] = book.chapterIds;
    await readAt(second, 0.5);
    const comment = await appendComment(site, { userId: alice.user.user_id, bookId: book.bookId, chapterId: second, content: 'What a turn this chapter took, truly.' });
    await appendComment(site, { userId: bob.user.user_id, parent: { id: comment, author: alice.user.user_id }, bookId: book.bookId, chapterId: second, content: 'Wait until you see who comes back later.' });
    const onStory = await appendComment(site, { userId: alice.user.user_id, bookId: book.bookId, content: 'A story comment, on no chapter at all.' });
    await appendComment(site, { userId: bob.user.user_id, parent: { id: onStory, author: alice.user.user_id }, bookId: book.bookId, content: 'A reply on the story, never folded.' });
    await site.drained();
    expect((await repliesOf(alice)).map((reply) => reply.reader_chapter_id)).toEqual([undefined, undefined]);

    await readAt(first, 0.2);
    const replies = await repliesOf(alice);
    expect(replies.find((reply) => reply.chapter_id === second)).toMatchObject({ reader_chapter_id: first, comment_content: 'Wait until you see who comes back later.' });
    expect(replies.find((reply) => reply.chapter_id === undefined)?.reader_chapter_id).toBeUndefined();

    await readAt(second, 0.9);
    expect((await repliesOf(alice)).map((reply) => reply.reader_chapter_id)).toEqual([undefined, undefined]);
  });

  it('folds nothing for a reader who turned folding off, until they turn it on again', async () => {
    const [first, second] = book.chapterIds;
    await readAt(first, 0.3);
    expect(await choose({ spoiler_fold: false }, alice)).toEqual({ status: 200, body: { ...DEFAULTS, spoiler_fold: false } });
    expect(await choose({ spoiler_fold: false }, alice)).toEqual({ status: 200, body: { ...DEFAULTS, spoiler_fold: false } });
    await site.drained();
    expect((await settingsOf(alice)).body).toEqual({ ...DEFAULTS, spoiler_fold: false });
    expect((await settingsOf(bob)).body).toEqual(DEFAULTS);
    expect((await repliesOf(alice)).find((reply) => reply.chapter_id === second)?.reader_chapter_id).toBeUndefined();

    expect((await choose({ spoiler_fold: true }, alice)).body).toEqual(DEFAULTS);
    await site.drained();
    expect((await repliesOf(alice)).find((reply) => reply.chapter_id === second)?.reader_chapter_id).toBe(first);
  });

  it('answers bad input with a 400 and a message, and visitors with 401', async () => {
    expect((await choose({ spoiler_fold: false })).status).toBe(401);
    expect((await site.call('GET', 'user/reader-settings')).status).toBe(401);
    for (const body of [{ spoiler_fold: 'false' }, { spoiler_fold: null }, { spoiler_fold: 1, glossary_marks: true }]) {
      expect(await choose(body, bob)).toMatchObject({ status: 400, body: { message: expect.stringContaining('spoiler_fold must be true or false.') } });
    }
    expect(await choose({ glossary_marks: 'off' }, bob)).toMatchObject({ status: 400, body: { message: expect.stringContaining('glossary_marks must be true or false.') } });
    expect(await choose([true], bob)).toMatchObject({ status: 400, body: { message: 'Validation failed (object is expected)' } });
    for (const body of [{}, { fold: false }]) {
      expect(await choose(body, bob)).toMatchObject({ status: 400, body: { message: expect.stringContaining('Send spoiler_fold or glossary_marks') } });
    }
    expect((await chooseTitle({ title: 'gege', form: 'original' })).status).toBe(401);
    for (const body of [{ title: '', form: 'original' }, { title: '   ', form: 'original' }, { title: 'x'.repeat(61), form: 'original' }, { title: 7, form: 'original' }, { form: 'original' }]) {
      expect(await chooseTitle(body, bob)).toMatchObject({ status: 400, body: { message: expect.stringContaining('title must be a glossary title of 1 to 60 characters.') } });
    }
    for (const body of [{ title: 'gege', form: 'english' }, { title: 'gege' }, { title: 'gege', form: null }]) {
      expect(await chooseTitle(body, bob)).toMatchObject({ status: 400, body: { message: expect.stringContaining('form must be one of: original, rendering, as_written.') } });
    }
    expect((await settingsOf(bob)).body).toEqual(DEFAULTS);
  });

  it('turns the glossary marks off and on, leaving the other settings as they are', async () => {
    expect((await choose({ glossary_marks: false }, bob)).body).toEqual({ ...DEFAULTS, glossary_marks: false });
    await site.drained();
    expect((await settingsOf(bob)).body).toEqual({ ...DEFAULTS, glossary_marks: false });
    expect((await choose({ glossary_marks: true, spoiler_fold: false }, bob)).body).toEqual({ ...DEFAULTS, spoiler_fold: false });
    expect((await choose({ spoiler_fold: true }, bob)).body).toEqual(DEFAULTS);
  });

  it('keeps the form of each title chosen, by its original in any case, until chosen as written', async () => {
    expect((await chooseTitle({ title: 'Shixiong', form: 'rendering' }, bob)).body).toEqual({ ...DEFAULTS, title_forms: [{ title: 'shixiong', form: 'rendering' }] });
    await chooseTitle({ title: 'gege', form: 'original' }, bob);
    expect((await chooseTitle({ title: ' SHIXIONG ', form: 'original' }, bob)).body).toMatchObject({
      title_forms: [
        { title: 'shixiong', form: 'original' },
        { title: 'gege', form: 'original' },
      ],
    });
    await site.drained();
    expect((await settingsOf(bob)).body).toMatchObject({ title_forms: [{ title: 'shixiong', form: 'original' }, { title: 'gege', form: 'original' }] });
    expect((await chooseTitle({ title: 'gege', form: 'as_written' }, bob)).body).toMatchObject({ title_forms: [{ title: 'shixiong', form: 'original' }] });
    await site.drained();
    expect((await settingsOf(bob)).body).toMatchObject({ title_forms: [{ title: 'shixiong', form: 'original' }] });
    expect((await settingsOf(alice)).body).toMatchObject({ title_forms: [] });
  });

  it('rebuilds the same settings from the log', async () => {
    const names = [LibraryReadModelCollection.ReaderSettings];
    const before = await readModelSnapshot(site.workers, names);
    await rebuild(site.workers, { api: site.api, names: ['reader-settings'] });
    expect(await readModelSnapshot(site.workers, names)).toEqual(before);
    expect(before.rm_reader_settings).toHaveLength(2);
  });
});
