// "Revised since you read" end to end: the catalog projector keeps a hash of each chapter's text in its book's chapter
// list, a reader's progress records the text they read (an event, projected into their book progress), and an edit of
// the text afterwards (not of the title alone) shows as a revision until the reader opens the chapter again, whose
// first record says so once. Real store, Redis and SMTP.
import { type BookProgressResponse, type ChapterData, type ChapterReadModel, LibraryReadModelCollection, ReadModelCollection, type RecordProgressResponse } from '@shelf/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { testEnv } from '@test/support';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { ReadModels } from '../../workers/src/engine';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('chapters revised since the reader read them', () => {
  let site: TestSite;
  let book: { bookId: number; chapterIds: number[] };
  let alice: Reader;
  let bob: Reader;

  const record = async (chapterId: number, position: number, reader = alice) =>
    (await site.call<RecordProgressResponse>('POST', 'user/reading-progress', { body: { book_id: book.bookId, chapter_id: chapterId, position }, token: reader.token })).body;
  const revisedFor = async (reader: Reader) =>
    (await site.call<BookProgressResponse>('GET', `user/reading-progress?book_id=${book.bookId}`, { token: reader.token })).body.chapters_revised;
  /** An editor saves the chapter again with `change` applied, as the catalog import does. */
  const edit = async (chapterId: number, change: Partial<ChapterData>) => {
    const readModels = site.workers.get(ReadModels);
    const stored = await readModels.collection<ChapterReadModel>(ReadModelCollection.Chapters).findOne({ _id: `${book.bookId}:${chapterId}` });
    const { book_id, chapter_id, title, content, footnote, chapter_author_note, chapter_tl_note, uploaded_time } = stored!;
    const chapter = { book_id, chapter_id, title, content, footnote, chapter_author_note, chapter_tl_note, uploaded_time, ...change };
    await site.api.get(CommandBus).execute(new SaveChapterCommand(chapter, { actor: 'editor', correlationId: 'edit', causationId: null }));
    await site.drained();
  };

  beforeAll(async () => {
    site = await startSite(env);
    [book] = await seedCatalog(site, 1);
    [alice, bob] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob')];
  }, 60_000);

  afterAll(() => site.close());

  it('marks a chapter whose text changed after the reader read it, not one only retitled, then says so once on opening', async () => {
    const [first, second] = book.chapterIds;
    expect(await record(first, 0.5)).toEqual({ message: 'Progress saved.', recorded: true, revised: false });
    await record(second, 0.2);
    await site.drained();
    expect(await revisedFor(alice)).toEqual([]);

    await edit(first, { title: 'A new title for the first chapter', chapter_tl_note: 'A note added later.' });
    expect(await revisedFor(alice)).toEqual([]);

    await edit(first, { content: 'The first chapter, rewritten from its first line to its last one.' });
    await edit(second, { content: 'The second chapter, rewritten as well.' });
    expect(await revisedFor(alice)).toEqual([first, second]);
    expect(await revisedFor(bob)).toEqual([]);

    // Opening the chapter again, at the very place the reader left in it: said once, then read. The place is recorded
    // again, as the reader's place in the book had gone on to the second chapter.
    expect(await record(first, 0.5)).toEqual({ message: 'Progress saved.', recorded: true, revised: true });
    expect(await record(first, 0.5)).toEqual({ message: 'Progress saved.', recorded: false, revised: false });
    expect(await record(first, 0.9)).toEqual({ message: 'Progress saved.', recorded: true, revised: false });
    await site.drained();
    expect(await revisedFor(alice)).toEqual([second]);
  });

  it('says nothing of revisions to a reader who had not read the chapter', async () => {
    const [first] = book.chapterIds;
    expect(await record(first, 0.1, bob)).toEqual({ message: 'Progress saved.', recorded: true, revised: false });
    await site.drained();
    expect(await revisedFor(bob)).toEqual([]);
  });

  it('rebuilds the same read models from the log', async () => {
    const names = [LibraryReadModelCollection.BookProgress, ReadModelCollection.Books];
    const before = await readModelSnapshot(site.workers, names);
    await rebuild(site.workers, { api: site.api, names: ['reading-progress', 'catalog'] });
    expect(await readModelSnapshot(site.workers, names)).toEqual(before);
    expect(before.rm_book_progress).toContainEqual(expect.objectContaining({ texts_read: expect.objectContaining({ [`c${book.chapterIds[0]}`]: expect.stringMatching(/^[0-9a-f]{16}$/) }) }));
  });
});
