// The embedded store's own deadlocks, reached through the wire as any client could (issue 44): FerretDB 1.24 on SQLite
// serves every client of a database from 100 SQLite connections, and stopped answering everyone for good when they
// were all held by callers waiting for another. The project's patches (tools/ferretdb/patches, with their own Go
// tests) remove each cause; here each is driven against the store `npm start` runs, under its supervisor, and the
// store must answer within 3 s throughout, without being restarted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, MongoClient } from 'mongodb';
import { ferretdbService, freePort, supervision, type SupervisedStore } from '../own-services';

const DATABASE = 'deadlocks';
/** What the store must answer a lone `_id` read within while the burst goes on. */
const ANSWER_BUDGET_MS = 3000;

describe('the embedded store under bursts that held all its connections', () => {
  let dataDir: string;
  let supervisor: SupervisedStore;
  let url: string;
  /** A client with room for far more calls at once than STORE_POOL allows: a burst from every process together. */
  let burst: MongoClient;
  let db: Db;

  /** The store answers one `_id` read within the budget (a fresh client each time: no pooled connection to reuse). */
  const answers = async () => {
    const probe = new MongoClient(url, { timeoutMS: ANSWER_BUDGET_MS, serverSelectionTimeoutMS: ANSWER_BUDGET_MS });
    try {
      await probe.db(DATABASE).collection('docs').findOne({ _id: 'doc-1' as never });
      return true;
    } catch {
      return false;
    } finally {
      await probe.close(true);
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-deadlocks-'));
    const service = ferretdbService(await freePort(), dataDir);
    supervisor = new supervision.StoreSupervisor(service, { dataDir, database: DATABASE, output: () => undefined });
    await supervisor.start();
    url = service.url;
    burst = await new MongoClient(url, { maxPoolSize: 300, timeoutMS: 20_000 }).connect();
    db = burst.db(DATABASE);
    await db.collection('docs').insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: `doc-${i}`, n: i }) as never));
  }, 60_000);

  afterAll(async () => {
    await burst?.close(true);
    await supervisor?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers one bulk write of 150 updates', async () => {
    const updates = Array.from({ length: 150 }, (_, i) => ({ updateOne: { filter: { _id: `doc-${i}` }, update: { $inc: { n: 1 } } } }));
    const result = await db.collection('docs').bulkWrite(updates as never, { ordered: true, timeoutMS: 10_000 });
    expect(result.modifiedCount).toBe(150);
    expect(await answers()).toBe(true);
    expect(supervisor.restarts).toBe(0);
  }, 60_000);

  it('answers 200 updates and findAndModifies in flight at once', async () => {
    const docs = db.collection('docs');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 ? docs.updateOne({ _id: `doc-${i}` as never }, { $inc: { n: 1 } }) : docs.findOneAndUpdate({ _id: `doc-${i}` as never }, { $inc: { n: 1 } }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await answers()).toBe(true);
    expect(supervisor.restarts).toBe(0);
  }, 60_000);

  it('answers while 150 cursors are left open by a client that reads no further, and creates a collection meanwhile', async () => {
    // Each cursor has its first document and 299 to come; the client never asks for them and keeps its connections.
    const cursors = await Promise.all(
      Array.from({ length: 150 }, async () => {
        const cursor = db.collection('docs').find({}, { batchSize: 1 });
        await cursor.next();
        return cursor;
      }),
    );
    try {
      // A collection created now needs the registry's lock and a connection at once.
      await burst.db(DATABASE).collection('created-under-cursors').insertOne({ at: new Date() }, { timeoutMS: ANSWER_BUDGET_MS });
      expect(await answers()).toBe(true);
      expect(supervisor.restarts).toBe(0);
    } finally {
      await Promise.allSettled(cursors.map((cursor) => cursor.close()));
    }
  }, 60_000);
});
