// The reference: what the store itself does on this machine right now, in a scratch database. Every projected event
// costs a handful of these reads and writes (read-model documents, locks, checkpoints), so they bound the rest.
import { createRequire } from 'node:module';
import { timed } from '../lib/figures.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');

export async function storeReference(storeUrl) {
  const client = await MongoClient.connect(`${storeUrl}bench_store_reference`);
  const collection = client.db().collection('reference');
  const text = 'x'.repeat(200);
  try {
    const insert = await timed(300, 1, (i) => collection.insertOne({ _id: `d${i}`, i, text }));
    const replace = await timed(300, 1, (i) => collection.replaceOne({ _id: `d${i}` }, { i, text, again: true }));
    const replace16 = await timed(600, 16, (i) => collection.replaceOne({ _id: `d${i % 300}` }, { i, text }));
    const read = await timed(300, 1, (i) => collection.findOne({ _id: `d${i}` }));
    const readAt16 = await timed(1200, 16, (i) => collection.findOne({ _id: `d${i % 300}` }));
    // In bulk, as the workers write: replacements in commands of 40 (FerretDB 1.24 never answers 100), inserts of 1,000.
    const bulkReplace = await timed(25, 1, (i) =>
      collection.bulkWrite(Array.from({ length: 40 }, (_, j) => ({ replaceOne: { filter: { _id: `d${(i * 40 + j) % 300}` }, replacement: { i, j, text } } }))),
    );
    const bulkInsert = await timed(5, 1, (i) => collection.insertMany(Array.from({ length: 1000 }, (_, j) => ({ _id: `b${i}-${j}`, i, j, text }))));
    return {
      insert,
      replace,
      replaceAt16: replace16,
      read,
      readAt16,
      bulkChangedPerSecond: bulkReplace.perSecond * 40,
      bulkInsertedPerSecond: bulkInsert.perSecond * 1000,
    };
  } finally {
    await client.db().dropDatabase().catch(() => undefined);
    await client.close();
  }
}
