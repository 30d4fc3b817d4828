// Projections are idempotent: an event applied twice (a retried job, a re-delivered event) changes nothing, and an
// older event arriving after a newer one is ignored.
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { type CatalogEvent, ReadModelCollection } from '@shelf/contracts';
import { testEnv } from '@test/support';
import type { Connection } from 'mongoose';
import { WorkersModule } from '../../workers.module';
import { applyStraight, type Projector, PROJECTORS, ReadModels } from '../../engine';

const metadata = (name: string) =>
  ({
    book_id: 1, english_book_name: name, original_book_name: '', associated_names: [], author: 'A', cover_image: '',
    raw_source: '', description: '', book_tl_note: '', diversities: 'Danmei/BL', original_languages: 'Chinese',
    completion_statuses: 'Ongoing', endings: 'Happy Ending', genres: ['Romance'], settings: ['Modern'], tags: ['Sweet'],
    part_of_series: [], shared_universe: [], similar_theme: [],
  }) as const;
const chapter = (title: string) => ({
  book_id: 1, chapter_id: 1, title, content: 'one two three four', footnote: '', chapter_author_note: '',
  chapter_tl_note: '', uploaded_time: '2026-01-01T00:00:00.000Z',
});
const event = (streamId: string, version: number, type: CatalogEvent['type'], data: unknown): CatalogEvent =>
  ({ id: `${streamId}-${version}`, streamId, version, type, data, metadata: { actor: 't', correlationId: 'c', causationId: null }, occurredAt: `2026-01-0${version}T00:00:00.000Z` }) as CatalogEvent;

describe('the catalog and search projections', () => {
  const env = testEnv(__filename);
  let app: INestApplicationContext;
  let connection: Connection;
  let projectors: Projector[];

  const applyAll = (e: CatalogEvent) => applyStraight(app.get(ReadModels), projectors, e);
  const snapshot = async () =>
    Promise.all(
      [ReadModelCollection.Books, ReadModelCollection.Chapters, 'search_books'].map((name) => connection.collection(name).find({}).sort({ _id: 1 }).toArray()),
    );

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error'] });
    connection = app.get<Connection>(getConnectionToken());
    projectors = app.get<Projector[]>(PROJECTORS);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await app.close();
  });

  it('changes nothing when the same events are applied again', async () => {
    const events = [
      event('book-1', 1, 'book.published.v1', metadata('First Name')),
      event('chapter-1-1', 1, 'chapter.published.v1', chapter('Opening')),
      event('book-1', 2, 'book.updated.v1', metadata('Second Name')),
    ];
    for (const e of events) await applyAll(e);
    const once = await snapshot();
    for (const e of events) await applyAll(e);
    expect(await snapshot()).toEqual(once);
    expect(once[0][0]).toMatchObject({ book_id: 1, metadata: { english_book_name: 'Second Name' } });
    expect(once[2][0]).toMatchObject({ english_book_name: 'Second Name', latest_chapter_title: 'Opening', book_word_count: 4 });
  });

  it('ignores an older version that arrives after a newer one', async () => {
    await applyAll(event('chapter-1-1', 2, 'chapter.updated.v1', chapter('Opening, revised')));
    await applyAll(event('chapter-1-1', 1, 'chapter.published.v1', chapter('Opening')));
    const [books, chapters] = await snapshot();
    expect(chapters[0]).toMatchObject({ title: 'Opening, revised', version: 2 });
    expect(books[0].chapters.c1).toMatchObject({ title: 'Opening, revised', version: 2 });
  });
});
