// Library shelves end to end: the API appends shelf events, the workers project each reader's shelves, and the Library
// answer counts the chapters uploaded since the reader last read each story. Real store, Redis and SMTP.
import { type LibraryResponse, LibraryReadModelCollection, type ShelfResponse } from '@shelf/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { testEnv } from '@test/support';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import { type Reader, readModelSnapshot, rebuild, registerReader, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);

describe('library shelves', () => {
  let site: TestSite;
  let books: { bookId: number; chapterIds: number[] }[];
  let alice: Reader;
  let bob: Reader;

  const choose = (body: unknown, reader?: Reader) => site.call<Record<string, unknown>>('PUT', 'user/library/shelf', { body, token: reader?.token });
  const library = async (reader: Reader) => (await site.call<LibraryResponse>('GET', 'user/library', { token: reader.token })).body;
  const shelfOf = async (bookId: number, reader: Reader) => (await site.call<ShelfResponse>('GET', `user/library/shelf?book_id=${bookId}`, { token: reader.token })).body;
  const onShelf = (answer: LibraryResponse, shelf: string) => answer.shelves.find((entry) => entry.shelf === shelf)!.stories.map((story) => story.book_id);

  beforeAll(async () => {
    site = await startSite(env);
    books = await seedCatalog(site, 3);
    [alice, bob] = [await registerReader(site, 'Alice'), await registerReader(site, 'Bob')];
  }, 60_000);

  afterAll(() => site.close());

  it('puts stories on shelves, moves and removes them, for the reader alone', async () => {
    const [a, b, c] = books;
    expect((await choose({ book_id: a.bookId, shelf: 'reading' }, alice)).body).toEqual({ shelf: 'reading' });
    await choose({ book_id: b.bookId, shelf: 'plan-to-read' }, alice);
    await choose({ book_id: c.bookId, shelf: 'dropped' }, alice);
    expect((await choose({ book_id: b.bookId, shelf: 'completed' }, alice)).body).toEqual({ shelf: 'completed' });
    expect((await choose({ book_id: c.bookId, shelf: null }, alice)).body).toEqual({ shelf: null });
    await site.drained();

    const answer = await library(alice);
    expect(answer.shelves.map((entry) => entry.shelf)).toEqual(['reading', 'plan-to-read', 'completed', 'dropped']);
    expect([onShelf(answer, 'reading'), onShelf(answer, 'plan-to-read'), onShelf(answer, 'completed'), onShelf(answer, 'dropped')]).toEqual([[a.bookId], [], [b.bookId], []]);
    expect(answer.shelves[0].stories[0]).toMatchObject({ book_id: a.bookId, slug: expect.stringMatching(new RegExp(`^${a.bookId}-`)), english_book_name: expect.any(String), new_chapters: 0 });
    expect(await shelfOf(b.bookId, alice)).toEqual({ shelf: 'completed' });
    expect(await shelfOf(b.bookId, bob)).toEqual({ shelf: null });
    expect((await library(bob)).shelves.every((entry) => entry.stories.length === 0)).toBe(true);
  });

  it("counts the chapters uploaded since the reader's last read, or since shelving", async () => {
    const [a, b] = books;
    await site.call('POST', 'user/reading-progress', { token: alice.token, body: { book_id: a.bookId, chapter_id: a.chapterIds[0], position: 0.5 } });
    await site.drained();
    // Chapters that come after the reader last read book a, and after book b was shelved.
    const by = { actor: 'test', correlationId: 'more', causationId: null };
    const commands = site.api.get(CommandBus);
    for (const [book, count] of [[a, 2], [b, 1]] as const) {
      for (let i = 1; i <= count; i++) {
        const chapter_id = book.chapterIds.length + i;
        await commands.execute(
          new SaveChapterCommand(
            { book_id: book.bookId, chapter_id, title: `Later chapter ${chapter_id}`, content: 'Words '.repeat(60), footnote: '', chapter_author_note: '', chapter_tl_note: '', uploaded_time: new Date().toISOString() },
            by,
          ),
        );
      }
    }
    await site.drained();
    const answer = await library(alice);
    expect(answer.shelves[0].stories[0]).toMatchObject({ book_id: a.bookId, new_chapters: 2, latest_chapter_id: a.chapterIds.length + 2 });
    expect(answer.shelves[2].stories[0]).toMatchObject({ book_id: b.bookId, new_chapters: 1 });
  });

  it('answers bad input with a 4xx and a message, and visitors with 401', async () => {
    const [a] = books;
    expect((await choose({ book_id: a.bookId, shelf: 'reading' })).status).toBe(401);
    expect((await site.call('GET', 'user/library')).status).toBe(401);
    const shelfMessage = 'shelf must be one of reading, plan-to-read, completed, dropped, or null to take the story off its shelf.';
    for (const [body, status, message] of [
      [{ book_id: a.bookId, shelf: 'favourites' }, 400, shelfMessage],
      [{ book_id: a.bookId }, 400, shelfMessage],
      [{ book_id: a.bookId, shelf: ['reading'] }, 400, shelfMessage],
      [{ book_id: '1e3', shelf: 'reading' }, 400, 'book_id must be a whole number.'],
      [{ book_id: 999_999, shelf: 'reading' }, 404, 'Book not found.'],
    ] as const) {
      expect(await choose(body, bob)).toMatchObject({ status, body: { message } });
    }
  });

  it('rebuilds the same shelves from the log', async () => {
    const before = await readModelSnapshot(site.workers, [LibraryReadModelCollection.Shelves]);
    await rebuild(site.workers, { api: site.api, names: ['shelves'] });
    expect(await readModelSnapshot(site.workers, [LibraryReadModelCollection.Shelves])).toEqual(before);
    expect(before[LibraryReadModelCollection.Shelves]).toHaveLength(1);
  });
});
