// The 10,000-book benchmark catalog: the demo generator's books, appended to the event log in bulk (the same
// documents the event store writes: events, their positions in the partitions' logs, the partitions' heads) and
// projected by the rebuild command, which is far faster than 40,000 commands.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './site.mjs';
import { logWriter, storedEvent } from './stored-events.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');
const { catalogStreams, CatalogEventType, EventLogCollection } = require(join(root, 'contracts/dist/index.js'));
const { generateDemoCatalog } = require(join(root, 'backend/dist/demo-catalog/demo-catalog.js'));

export const LARGE_CATALOG = {
  books: 10_000,
  minChapters: 3,
  maxChapters: 3,
  minWordsPerChapter: 300,
  maxWordsPerChapter: 600,
  seed: 10_000,
  now: new Date('2026-11-20T12:00:00Z'),
};

/**
 * Appends the catalog's events unless the log already has them, then rebuilds the read models. `books` makes a smaller
 * catalog of the same shape (4 events a book).
 */
export async function seedLargeCatalog(env, { books = LARGE_CATALOG.books } = {}) {
  const catalog = { ...LARGE_CATALOG, books };
  const client = await MongoClient.connect(env.MONGO_URL);
  try {
    const db = client.db();
    const events = db.collection(EventLogCollection.Events);
    if ((await events.estimatedDocumentCount()) >= catalog.books * 4) return { seeded: false };
    const started = Date.now();
    const metadata = { actor: 'benchmark-seed', correlationId: randomUUID(), causationId: null };
    let clock = Date.now() - 60_000;
    const doc = (streamId, type, data) => storedEvent({ streamId, version: 1, type, data, metadata, occurredAt: new Date(clock++) });
    // Continues each partition's log after what it already holds.
    const store = await logWriter(db);
    let batch = [];
    let appended = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await store(batch);
      appended += batch.length;
      batch = [];
    };
    for (const { book, chapters } of generateDemoCatalog(catalog)) {
      batch.push(doc(catalogStreams.book(book.book_id), CatalogEventType.BookPublished, book));
      for (const chapter of chapters) batch.push(doc(catalogStreams.chapter(book.book_id, chapter.chapter_id), CatalogEventType.ChapterPublished, chapter));
      if (batch.length >= 2000) await flush();
    }
    await flush();
    const appendMs = Date.now() - started;
    const rebuildStarted = Date.now();
    execFileSync(process.execPath, [join(root, 'workers/dist/cli/rebuild.js')], { env: { ...process.env, ...env }, stdio: 'inherit' });
    return { seeded: true, events: appended, appendMs, rebuildMs: Date.now() - rebuildStarted };
  } finally {
    await client.close();
  }
}
