// `node browser-tests/harness/append-comments.mjs <book_id> <chapter_id> <count>` (through runSiteCommand): appends
// `count` comments to a chapter's thread straight to the event log, through the API's own EventStore as the post
// command appends them, without the 30-second cooldown or accounts of posting through the API, so that a test can have
// a thread of hundreds. Prints the comment ids, oldest first.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import process from 'node:process';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { SocialEventType, socialStreams } = require('../../contracts/dist/index.js');
const { CatalogCliModule } = require('../../backend/dist/modules/catalog/cli/catalog-cli.module.js');
const { EventStore } = require('../../backend/dist/event-store/event-store.js');

const [bookId, chapterId, count] = process.argv.slice(2).map(Number);
const app = await NestFactory.createApplicationContext(CatalogCliModule.register(process.env), { logger: ['error'] });
try {
  const store = app.get(EventStore);
  const authors = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), name: `Thread reader ${i + 1}` }));
  const ids = Array.from({ length: count }, () => randomUUID());
  const append = (n) => {
    const author = authors[n % authors.length];
    const data = {
      comment_id: ids[n], book_id: bookId, chapter_id: chapterId, parent_comment_id: null, parent_user_id: null,
      user_id: author.id, username: author.name, email_hash: 'f'.repeat(64), comment_content: `Comment number ${n + 1} of a long thread.`,
    };
    return store.append(socialStreams.comment(ids[n]), 0, [{ type: SocialEventType.CommentPosted, data }], { actor: author.id, correlationId: randomUUID(), causationId: null });
  };
  // In order, so that the thread's order is the ids' order.
  for (let n = 0; n < count; n++) await append(n);
  process.stdout.write(`${ids.join('\n')}\n`);
} finally {
  await app.close();
}
