// A benchmark's own database on the local services (local-services.mjs, benchEnv): an app context of the catalog
// commands over it (EventStore, CommandBus) with a client of its own, and a catalog seeded through the real catalog
// commands.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './local-services.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { MongoClient } = require('mongodb');
const { NestFactory } = require('@nestjs/core');
const { CommandBus } = require('@nestjs/cqrs');
// The bench's own store calls in flight are bounded as the site's are (see STORE_POOL).
const { STORE_POOL } = require(join(root, 'server-config/dist/index.js'));
const { CatalogCliModule } = require(join(root, 'backend/dist/modules/catalog/cli/catalog-cli.module.js'));
const { EventStore } = require(join(root, 'backend/dist/event-store/event-store.js'));
const { SaveBookCommand } = require(join(root, 'backend/dist/modules/catalog/application/save-book.command.js'));
const { SaveChapterCommand } = require(join(root, 'backend/dist/modules/catalog/application/save-chapter.command.js'));
const { generateDemoCatalog } = require(join(root, 'backend/dist/demo-catalog/demo-catalog.js'));

/** The catalog commands' app context over `env`'s database, and a client of the bench's own. */
export async function openDatabase(env) {
  const app = await NestFactory.createApplicationContext(CatalogCliModule.register(env), { logger: ['error'] });
  const client = await MongoClient.connect(env.MONGO_URL, STORE_POOL);
  return { env, app, store: app.get(EventStore), commands: app.get(CommandBus), client, db: client.db() };
}

export async function closeDatabase(database) {
  await database.app.close();
  await database.client.close();
}

/** The demo generator's catalog for `options`, saved through the real catalog commands by `actor`; resolves with its chapters. */
export async function seedCatalog(commands, options, actor) {
  const by = { actor, correlationId: randomUUID(), causationId: null };
  const chapters = [];
  for (const { book, chapters: bookChapters } of generateDemoCatalog(options)) {
    await commands.execute(new SaveBookCommand(book, by));
    for (const chapter of bookChapters) {
      await commands.execute(new SaveChapterCommand(chapter, by));
      chapters.push(chapter);
    }
  }
  return chapters;
}
