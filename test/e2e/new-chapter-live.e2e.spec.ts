// The live "new chapter" notice end to end: a chapter saved through SaveChapterCommand is appended, projected by the
// workers' catalog projector and pushed through the socket.io Redis emitter to the sockets in the book's room, held by
// a second API process. An edit of a chapter and a rebuild of the catalog push nothing. Every wait is for an event or
// an acknowledgement.
import { CommandBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type BookPageResponse, type ChapterData, type ChapterPageResponse, type ChapterPublishedPush, type ClientToServerEvents, LivePush, LiveRequest } from '@shelf/contracts';
import { testEnv } from '@test/support';
import type { Socket } from 'socket.io-client';
import { listeningApi } from '@test/listening-api';
import { SaveChapterCommand } from '../../backend/src/modules/catalog/application/save-chapter.command';
import type { SaveOutcome } from '../../backend/src/modules/catalog/domain/catalog-decisions';
import { connect, LIVE_TIMEOUT_MS, type LiveSocket, next } from '../live-sockets';
import { rebuild, seedCatalog, startSite, type TestSite } from '../site-harness';

const env = testEnv(__filename);
const by = { actor: 'test', correlationId: 'new-chapter-live', causationId: null };

/** Sends a request with whatever payload a client might send (so, untyped), and returns the acknowledgement. */
const ask = (socket: LiveSocket, event: keyof ClientToServerEvents, ...payload: unknown[]): Promise<unknown> =>
  (socket as unknown as Socket).timeout(LIVE_TIMEOUT_MS).emitWithAck(event, ...payload);

describe('the new chapter push across two API processes', () => {
  let site: TestSite;
  let second: NestExpressApplication;
  let secondBase: string;
  let book: { bookId: number; chapterIds: number[] };
  let other: { bookId: number; chapterIds: number[] };
  const sockets: LiveSocket[] = [];

  const open = async () => {
    const socket = await connect(secondBase);
    sockets.push(socket);
    return socket;
  };

  const chapter = (bookId: number, chapterId: number, title: string): ChapterData => ({
    book_id: bookId,
    chapter_id: chapterId,
    title,
    content: 'The lanterns along the river were lit one by one, and the boat moved on.',
    footnote: '',
    chapter_author_note: '',
    chapter_tl_note: '',
    uploaded_time: new Date().toISOString(),
  });
  const save = (data: ChapterData) => site.api.get(CommandBus).execute<SaveChapterCommand, SaveOutcome>(new SaveChapterCommand(data, by));

  beforeAll(async () => {
    site = await startSite(env);
    ({ api: second, base: secondBase } = await listeningApi(env));
    [book, other] = await seedCatalog(site, 2);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await second.close();
    await site.close();
  });

  it('pushes chapter:published.v1 to the book room when a new chapter is saved, and nothing on an edit or a rebuild', async () => {
    const reader = await open();
    const elsewhere = await open();
    expect(await ask(reader, LiveRequest.BookJoin, { book_id: book.bookId })).toEqual({ ok: true });
    expect(await ask(elsewhere, LiveRequest.BookJoin, { book_id: other.bookId })).toEqual({ ok: true });
    const seen: ChapterPublishedPush[] = [];
    reader.on(LivePush.ChapterPublished, (push) => seen.push(push));
    const seenElsewhere: ChapterPublishedPush[] = [];
    elsewhere.on(LivePush.ChapterPublished, (push) => seenElsewhere.push(push));

    const newId = Math.max(...book.chapterIds) + 1;
    const pushed = next(reader, LivePush.ChapterPublished);
    expect(await save(chapter(book.bookId, newId, 'The Lanterns on the River'))).toBe('published');
    expect(await pushed).toEqual({ book_id: book.bookId, chapter_id: newId, title: 'The Lanterns on the River' });
    // Sent once the read models hold it: the chapter page and the book's list answer with it.
    const page = await site.call<ChapterPageResponse>('GET', `${book.bookId}/${newId}`);
    expect(page.status).toBe(200);
    expect(page.body.chapterContent.title).toBe('The Lanterns on the River');
    expect(page.body.chapterList.map((entry) => entry.chapter_id)).toContain(newId);

    // An edit of the new chapter: projected, but no push.
    expect(await save(chapter(book.bookId, newId, 'The Lanterns on the Quiet River'))).toBe('updated');
    await site.drained();
    expect((await site.call<BookPageResponse>('GET', `${book.bookId}`)).body.chapters.find((entry) => entry.chapter_id === newId)?.title).toBe(
      'The Lanterns on the Quiet River',
    );

    // A rebuild of the catalog replays every ChapterPublished of the log: no push either.
    await rebuild(site.workers, { api: site.api, names: ['catalog'] });

    // One emitter, delivered in order: the next push the reader gets is the next new chapter's, and nothing came between.
    const later = next(reader, LivePush.ChapterPublished);
    expect(await save(chapter(book.bookId, newId + 1, 'Morning at the Ferry'))).toBe('published');
    expect(await later).toEqual({ book_id: book.bookId, chapter_id: newId + 1, title: 'Morning at the Ferry' });
    expect(seen.map((push) => push.chapter_id)).toEqual([newId, newId + 1]);

    // A socket in another book's room heard none of it; a new chapter of its own book reaches it.
    const own = next(elsewhere, LivePush.ChapterPublished);
    const otherId = Math.max(...other.chapterIds) + 1;
    expect(await save(chapter(other.bookId, otherId, 'A Letter Arrives'))).toBe('published');
    expect(await own).toEqual({ book_id: other.bookId, chapter_id: otherId, title: 'A Letter Arrives' });
    expect(seenElsewhere).toHaveLength(1);

    // After leaving the room, the reader hears no more of the book (the other socket, told of the same save, shows
    // the push went out).
    expect(await ask(reader, LiveRequest.BookLeave, { book_id: book.bookId })).toEqual({ ok: true });
    expect(await ask(elsewhere, LiveRequest.BookJoin, { book_id: book.bookId })).toEqual({ ok: true });
    const heardByOther = next(elsewhere, LivePush.ChapterPublished);
    expect(await save(chapter(book.bookId, newId + 2, 'The Last Lantern'))).toBe('published');
    expect((await heardByOther).chapter_id).toBe(newId + 2);
    // A round trip after it: a push to the reader would have been sent before this acknowledgement.
    expect(await ask(reader, LiveRequest.BookJoin, { book_id: other.bookId })).toEqual({ ok: true });
    expect(seen.map((push) => push.chapter_id)).toEqual([newId, newId + 1]);
  });

  it('answers a bad book with {ok:false} and a reason, and keeps the connection', async () => {
    const socket = await open();
    expect(await ask(socket, LiveRequest.BookJoin, { book_id: -1 })).toEqual({ ok: false, message: 'book_id must be a positive integer.' });
    expect(await ask(socket, LiveRequest.BookJoin, { book_id: '3' })).toEqual({ ok: false, message: 'book_id must be a positive integer.' });
    expect(await ask(socket, LiveRequest.BookJoin, { book_id: { $gt: 0 } })).toEqual({ ok: false, message: 'book_id must be a positive integer.' });
    expect(await ask(socket, LiveRequest.BookJoin, 'book-3')).toEqual({ ok: false, message: 'A book is an object with book_id.' });
    expect(await ask(socket, LiveRequest.BookJoin, [3])).toEqual({ ok: false, message: 'A book is an object with book_id.' });
    expect(await ask(socket, LiveRequest.BookJoin)).toEqual({ ok: false, message: 'A book is an object with book_id.' });
    expect(await ask(socket, LiveRequest.BookLeave, null)).toEqual({ ok: false, message: 'A book is an object with book_id.' });
    expect(socket.connected).toBe(true);
    expect(await ask(socket, LiveRequest.BookJoin, { book_id: 3 })).toEqual({ ok: true });
  });

  it('caps the books one connection follows at 20', async () => {
    const socket = await open();
    for (let id = 1; id <= 20; id++) expect(await ask(socket, LiveRequest.BookJoin, { book_id: id })).toEqual({ ok: true });
    expect(await ask(socket, LiveRequest.BookJoin, { book_id: 21 })).toEqual({ ok: false, message: 'One connection can follow at most 20 books. Leave one first.' });
    expect(await ask(socket, LiveRequest.BookJoin, { book_id: 20 })).toEqual({ ok: true });
    expect(await ask(socket, LiveRequest.BookLeave, { book_id: 1 })).toEqual({ ok: true });
    expect(await ask(socket, LiveRequest.BookJoin, { book_id: 21 })).toEqual({ ok: true });
    // Thread rooms are counted apart: the socket still follows comment threads.
    expect(await ask(socket, LiveRequest.ThreadJoin, { book_id: 1, chapter_id: null })).toEqual({ ok: true });
  });
});
