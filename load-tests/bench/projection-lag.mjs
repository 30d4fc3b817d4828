// Projection lag: from a command's acknowledgement to the read models (catalog and search index) reflecting it,
// as the workers announce on the read-model change channel. 300 chapter updates, one at a time, on the demo
// catalog. Usage: node load-tests/bench/projection-lag.mjs.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, startSite } from './lib/site.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { Redis } = require('ioredis');
const { NestFactory } = require('@nestjs/core');
const { CommandBus } = require('@nestjs/cqrs');
const { READ_MODEL_CHANGES_CHANNEL } = require(join(root, 'contracts/dist/index.js'));
const { CatalogCliModule } = require(join(root, 'backend/dist/modules/catalog/cli/catalog-cli.module.js'));
const { SaveChapterCommand } = require(join(root, 'backend/dist/modules/catalog/application/save-chapter.command.js'));

const UPDATES = Number(process.env.UPDATES ?? 300);
const site = await startSite('bench-demo');
const subscriber = new Redis(site.env.REDIS_URL);
const app = await NestFactory.createApplicationContext(CatalogCliModule.register({ ...process.env, ...site.env }), { logger: ['error'] });
try {
  const arrivals = new Map();
  subscriber.on('message', (_channel, message) => {
    const change = JSON.parse(message);
    arrivals.get(change.streamId)?.(performance.now());
  });
  await subscriber.subscribe(READ_MODEL_CHANGES_CHANNEL);

  const home = await (await fetch(`${site.baseUrl}/api/`)).json();
  const books = home.latestBooks.slice(0, 10);
  const commands = app.get(CommandBus);
  const by = { actor: 'projection-lag-benchmark', correlationId: 'bench', causationId: null };
  const lags = [];
  for (let i = 0; i < UPDATES; i++) {
    const book = books[i % books.length];
    const page = await (await fetch(`${site.baseUrl}/api/${book.book_id}-x/1`)).json();
    const { chapter_id, book_id, title, content, footnote, chapter_author_note, chapter_tl_note, uploaded_time } = page.chapterContent;
    const streamId = `chapter-${book_id}-${chapter_id}`;
    const projected = new Promise((resolve) => arrivals.set(streamId, resolve));
    const chapter = { book_id, chapter_id, title: `${title.replace(/ \(rev \d+\)$/, '')} (rev ${i})`, content, footnote, chapter_author_note, chapter_tl_note, uploaded_time };
    await commands.execute(new SaveChapterCommand(chapter, by));
    const acknowledged = performance.now();
    lags.push(Math.max(0, (await projected) - acknowledged));
    arrivals.delete(streamId);
  }
  lags.sort((a, b) => a - b);
  const at = (q) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))].toFixed(1);
  console.log(`\nProjection lag over ${UPDATES} chapter updates (command acknowledged → read models updated): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`);
} finally {
  await app.close();
  subscriber.disconnect();
  await site.stop();
}
