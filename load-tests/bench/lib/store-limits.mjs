// The store's own limits, measured on the store a benchmark runs against, in the same run, in a scratch database that
// is dropped afterwards: documents inserted per second in bulk (insertMany of 1,000 event-sized documents), reads per
// second by `_id`, and single updates per second (updateOne by `_id` with $inc), the two last with CONCURRENCY calls
// in flight, as an API process under load makes them. A benchmark's figures are given as ratios to these.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');

const BULK = 1000;
const BULK_ROUNDS = 6;
const CONCURRENCY = 8;
const TIMED_MS = 2000;

/** An event-sized document (about 400 bytes, as a like's or a short comment's event is). */
const eventLike = (i) => ({
  _id: `store-limits-${i}`,
  eventId: randomUUID(),
  streamId: `story-like-${i}`,
  version: 1,
  type: 'story.liked.v1',
  data: { book_id: i % 50, user_id: randomUUID() },
  metadata: { actor: randomUUID(), correlationId: randomUUID(), causationId: null },
  occurredAt: new Date(),
});

/** Calls `once` from CONCURRENCY loops for TIMED_MS; resolves with calls per second. */
async function timed(once) {
  let calls = 0;
  const started = performance.now();
  const until = started + TIMED_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await once();
        calls++;
      }
    }),
  );
  return calls / ((performance.now() - started) / 1000);
}

/** @returns {Promise<{ insertManyDocsPerSecond: number, idReadsPerSecond: number, singleUpdatesPerSecond: number }>} */
export async function measureStoreLimits(mongoUrl) {
  const client = await MongoClient.connect(mongoUrl, { maxPoolSize: CONCURRENCY + 2 });
  const db = client.db(`bench_store_limits_${Date.now()}`);
  try {
    const docs = db.collection('docs');
    let next = 0;
    const started = performance.now();
    for (let round = 0; round < BULK_ROUNDS; round++) {
      await docs.insertMany(Array.from({ length: BULK }, () => eventLike(next++)), { ordered: true });
    }
    const insertManyDocsPerSecond = next / ((performance.now() - started) / 1000);
    const random = () => `store-limits-${Math.floor(Math.random() * next)}`;
    const idReadsPerSecond = await timed(() => docs.findOne({ _id: random() }));
    const singleUpdatesPerSecond = await timed(() => docs.updateOne({ _id: random() }, { $inc: { version: 1 } }));
    return { insertManyDocsPerSecond, idReadsPerSecond, singleUpdatesPerSecond };
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}

export function describeStoreLimits({ insertManyDocsPerSecond, idReadsPerSecond, singleUpdatesPerSecond }) {
  return (
    `the store's own limits (this run): insertMany ${insertManyDocsPerSecond.toFixed(0)} docs/s (batches of ${BULK}), ` +
    `${idReadsPerSecond.toFixed(0)} _id reads/s, ${singleUpdatesPerSecond.toFixed(0)} single updates/s (${CONCURRENCY} in flight)`
  );
}
