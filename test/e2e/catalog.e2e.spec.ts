// The public catalog end to end: a catalog folder is imported through the commands, the workers project the
// events, and the API answers every public route from the read models, exactly as `npm start` runs them.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { getConnectionToken } from '@nestjs/mongoose';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type BookPageResponse, type ChapterPageResponse, EventLogCollection, type HomeResponse, ReadModelCollection, type SearchResponse } from '@shelf/contracts';
import { EMBEDDED_SEARCH_COLLECTION } from '@shelf/search-index';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listeningApi } from '@test/listening-api';
import { coverSvg } from '../../backend/src/modules/catalog/application/cover-svg';
import { EventStore } from '../../backend/src/event-store/event-store';
import { LogWakeUps } from '../../backend/src/event-store/log-wake-ups';
import { importCatalogFolder } from '../../backend/src/modules/catalog/cli/import-catalog-folder';
import { generateDemoCatalog } from '../../backend/src/demo-catalog/demo-catalog';
import { writeCatalogFolder } from '../../backend/src/demo-catalog/write-catalog-folder';
import { WorkersModule } from '../../workers/src/workers.module';
import { projectionsDone, readModelSnapshot, rebuild } from '../site-harness';

const env = testEnv(__filename, { SEARCH_RATE_LIMIT: '1000' });
const BOOKS = 12;
const catalog = () =>
  generateDemoCatalog({ books: BOOKS, minChapters: 2, maxChapters: 4, minWordsPerChapter: 60, maxWordsPerChapter: 120, seed: 7, now: new Date('2026-11-20T12:00:00Z') });

describe('the public catalog', () => {
  let api: NestExpressApplication;
  let workers: INestApplicationContext;
  let base: string;
  let folder: string;
  let store: Connection;

  const get = async <T>(path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, headers: response.headers, body: (response.status === 304 ? null : await response.json()) as T };
  };

  const drained = () => projectionsDone(store, workers);

  beforeAll(async () => {
    workers = await NestFactory.createApplicationContext(WorkersModule.register(env), { logger: ['error'] });
    ({ api, base } = await listeningApi(env));
    store = api.get<Connection>(getConnectionToken());
    folder = await mkdtemp(join(tmpdir(), 'catalog-'));
    await writeCatalogFolder(folder, catalog());
    const counts = await importCatalogFolder(folder, api.get(CommandBus));
    expect(counts.books.published).toBe(BOOKS);
    await drained();
  }, 60_000);

  afterAll(async () => {
    await store.dropDatabase();
    await api.close();
    await workers.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('GET /api/ answers the three home lists with the spec field names', async () => {
    const { status, body } = await get<HomeResponse>('/api/');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['latestBooks', 'randomBLBooks', 'randomNonBLBooks']);
    expect(body.latestBooks.length).toBeGreaterThan(0);
    expect(Object.keys(body.latestBooks[0]).sort()).toEqual([
      'author', 'book_id', 'book_word_count', 'completion_statuses', 'cover_image', 'description', 'diversities',
      'english_book_name', 'has_new_updates', 'last_updated', 'latest_chapter', 'latest_chapter_title', 'like_count',
      'original_book_name',
    ]);
    const times = body.latestBooks.map((book) => book.last_updated);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.randomBLBooks.every((book) => book.diversities === 'Danmei/BL')).toBe(true);
    expect(body.randomNonBLBooks.every((book) => book.diversities === 'Non-BL')).toBe(true);
  });

  it('GET /api/{bookIDSlug} answers bookDetails, chapters and randomBooks; the id is the text before the first dash', async () => {
    const { status, body } = await get<BookPageResponse>('/api/3-whatever-the-slug-says');
    expect(status).toBe(200);
    expect(body.bookDetails.book_id).toBe(3);
    expect(body.chapters.map((chapter) => chapter.chapter_id)).toEqual(body.chapters.map((_, i) => i + 1));
    expect(Object.keys(body.chapters[0]).sort()).toEqual(['chapter_id', 'title', 'uploaded_time']);
    expect(typeof body.bookDetails.genres).toBe('string');
    expect(body.randomBooks.every((book) => book.book_id !== 3)).toBe(true);
  });

  it('GET /api/{bookIDSlug}/{chapterID} links the previous and next chapters', async () => {
    const book = (await get<BookPageResponse>('/api/3')).body;
    const last = book.chapters.length;
    const first = await get<ChapterPageResponse>('/api/3-x/1');
    expect(first.status).toBe(200);
    expect(first.body.chapterContent).toMatchObject({ book_id: 3, chapter_id: 1, previous_chapter_id: null, next_chapter_id: 2 });
    expect(first.body.chapterContent.chapter_word_count).toBeGreaterThanOrEqual(60);
    expect(first.body.chapterList).toHaveLength(last);
    expect(first.body.bookDetails).toEqual({ book_id: 3, english_book_name: book.bookDetails.english_book_name, description: book.bookDetails.description });
    const end = await get<ChapterPageResponse>(`/api/3-x/${last}`);
    expect(end.body.chapterContent.next_chapter_id).toBeNull();
    expect(end.body.nextBook?.book_id).toBeGreaterThan(0);
  });

  it('GET /api/{category}/{value} pages a category, latest updates first', async () => {
    const { status, body } = await get<{ books: { diversities: string }[]; totalPages: number }>('/api/diversity/Danmei%2FBL?pageNum=1');
    expect(status).toBe(200);
    expect(body.totalPages).toBe(1);
    expect(body.books.length).toBeGreaterThan(0);
    expect(body.books.every((book) => book.diversities === 'Danmei/BL')).toBe(true);
    expect((await get('/api/genre/Romance?pageNum=99')).body).toEqual({ books: [], totalPages: expect.any(Number) });
  });

  it('answers unknown books and chapters with 404 and bad parameters with 400, each with a message', async () => {
    expect(await get('/api/999-nope')).toMatchObject({ status: 404, body: { message: 'Book not found.' } });
    expect(await get('/api/3/999')).toMatchObject({ status: 404, body: { message: 'Chapter not found.' } });
    expect(await get('/api/abc-def')).toMatchObject({ status: 400, body: { message: 'Invalid book id.' } });
    expect(await get('/api/3/x1')).toMatchObject({ status: 400, body: { message: 'Invalid chapter id.' } });
    expect(await get('/api/genre/Romance?pageNum=0')).toMatchObject({ status: 400, body: { message: 'pageNum must be a whole number from 1 to 10000.' } });
    expect(await get('/api/genre/Knitting')).toMatchObject({ status: 404, body: { message: 'There is no genre called "Knitting".' } });
    expect(await get('/api/searchbook?diversity=Maybe')).toMatchObject({ status: 400, body: { message: 'diversity must be one of: All, Danmei/BL, Non-BL.' } });
    expect(await get('/api/searchbook?tag=Sweet&tag=Nope')).toMatchObject({ status: 400, body: { message: 'Unknown tag: Nope.' } });
  });

  it('GET /covers/{id}.svg (the cover_image of the books, outside /api) draws the cover; unknown ids are 404', async () => {
    const book = (await get<HomeResponse>('/api/')).body.latestBooks[0];
    expect(book.cover_image).toBe(`/covers/${book.book_id}.svg`);
    const response = await fetch(`${base}${book.cover_image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await response.text()).toBe(coverSvg(book.book_id, book.english_book_name, book.author));
    const unknown = await fetch(`${base}/covers/999999.svg`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Cover not found.' });
  });

  it('sends ETags and answers 304 when the client has the answer', async () => {
    const first = await get('/api/3');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    const again = await get('/api/3', { 'If-None-Match': tag! });
    expect(again.status).toBe(304);
  });

  it('searches with combined filters: every hit matches all of them', async () => {
    const all = (await get<SearchResponse>('/api/searchbook?pageSize=50')).body;
    expect(all.totalBooks).toBe(BOOKS);
    const target = all.books[0];
    const query = new URLSearchParams({ diversity: target.diversities, completion_status: target.completion_statuses, sort_by: 'newest' });
    const { body } = await get<SearchResponse>(`/api/searchbook?${query}`);
    expect(body.totalBooks).toBeGreaterThan(0);
    expect(body.totalPages).toBe(Math.ceil(body.totalBooks / 10));
    expect(body.books.every((book) => book.diversities === target.diversities && book.completion_statuses === target.completion_statuses)).toBe(true);
    const named = await get<SearchResponse>(`/api/searchbook?book_name=${encodeURIComponent(target.english_book_name)}`);
    expect(named.body.books.map((book) => book.book_id)).toContain(target.book_id);
  });

  it('answers too many searches from one client with 429 and a message', async () => {
    const { api: strict, base: strictBase } = await listeningApi({ ...env, SEARCH_RATE_LIMIT: '2', QUEUE_PREFIX: `${env.QUEUE_PREFIX}-strict` });
    try {
      const url = `${strictBase}/api/searchbook?book_name=x`;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(url)).status);
      expect(statuses).toEqual([200, 200, 429]);
      // The same route spelled differently is the same search.
      expect((await fetch(url.replace('/api/searchbook', '/api/SearchBook/'))).status).toBe(429);
      expect(await (await fetch(url)).json()).toEqual({ statusCode: 429, message: 'You are searching too fast. Please wait a few seconds and try again.' });
    } finally {
      await strict.close();
    }
  });

  it('re-importing the unchanged folder appends nothing', async () => {
    const before = await store.collection(EventLogCollection.Events).countDocuments();
    const counts = await importCatalogFolder(folder, api.get(CommandBus));
    expect(counts.books).toEqual({ published: 0, updated: 0, unchanged: BOOKS });
    expect(counts.chapters.published + counts.chapters.updated).toBe(0);
    expect(await store.collection(EventLogCollection.Events).countDocuments()).toBe(before);
  });

  it("serves a book's glossary from its glossary.json: every entry on the story, the chapter's on a chapter", async () => {
    const bookFolder = (await readdir(folder)).find((name) => name.startsWith('3-'))!;
    const glossary = [
      { original: 'shixiong', rendering: 'senior brother', kind: 'title', note: 'An older disciple of the same master.' },
      { original: 'Lan Zhan', rendering: 'Lan Zhan', kind: 'character', note: 'Revealed in chapter 2.', from_chapter: 2 },
    ];
    await writeFile(join(folder, bookFolder, 'glossary.json'), JSON.stringify(glossary));
    // The demo catalogue gives every book one: book 4's taken away leaves it none.
    expect((await get<BookPageResponse>('/api/4')).body.glossary).not.toEqual([]);
    await rm(join(folder, (await readdir(folder)).find((name) => name.startsWith('4-'))!, 'glossary.json'));
    expect((await importCatalogFolder(folder, api.get(CommandBus))).books).toEqual({ published: 0, updated: 2, unchanged: BOOKS - 2 });
    await drained();
    const entries = glossary.map((entry) => ({ from_chapter: 1, ...entry }));
    expect((await get<BookPageResponse>('/api/3')).body.glossary).toEqual(entries);
    expect((await get<ChapterPageResponse>('/api/3/1')).body.glossary).toEqual([entries[0]]);
    expect((await get<ChapterPageResponse>('/api/3/2')).body.glossary).toEqual(entries);
    expect((await get<BookPageResponse>('/api/4')).body.glossary).toEqual([]);
    // Unchanged, it appends nothing.
    expect((await importCatalogFolder(folder, api.get(CommandBus))).books).toEqual({ published: 0, updated: 0, unchanged: BOOKS });
  });

  it('projects an event the workers were never woken for (Redis away or emptied) from the log on their sweep', async () => {
    const wake = jest.spyOn(api.get(LogWakeUps), 'wake').mockImplementation(() => undefined);
    const book = (await get<BookPageResponse>('/api/2')).body.bookDetails;
    const metadata = [...catalog()][1].book;
    try {
      const store = api.get(EventStore);
      await store.append('book-2', (await store.readStream('book-2')).length, [{ type: 'book.updated.v1', data: { ...metadata, english_book_name: `${book.english_book_name} (Revised)` } }], { actor: 'test', correlationId: 'no-wake', causationId: null });
    } finally {
      wake.mockRestore();
    }
    // Nothing was queued; the workers' sweep of the log's heads (every second) finds the event.
    await drained();
    // The API's cached answer goes when the workers' change message (sent after the checkpoint) arrives.
    const shown = async () => (await get<BookPageResponse>('/api/2')).body.bookDetails.english_book_name;
    for (const deadline = Date.now() + 5_000; (await shown()) !== `${book.english_book_name} (Revised)` && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await shown()).toBe(`${book.english_book_name} (Revised)`);
  });

  it('rebuilds every read model from the log to exactly the live state', async () => {
    const snapshot = () => readModelSnapshot(workers, [ReadModelCollection.Books, ReadModelCollection.Chapters, EMBEDDED_SEARCH_COLLECTION]);
    const live = await snapshot();
    expect(live[ReadModelCollection.Books]).toHaveLength(BOOKS);
    await rebuild(workers, { api });
    expect(await snapshot()).toEqual(live);
  });
});
