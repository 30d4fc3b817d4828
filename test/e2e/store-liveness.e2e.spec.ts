// The embedded store never stops answering (issue 44). FerretDB 1.24 on SQLite stopped answering every client for good
// under the load the worker tier makes: a 3-second store pause with readers writing and a worker frozen past its
// lease, or a backlog of 1,600 writes drained while 100 readers poll. Here the site runs as `npm start` runs it (the
// store under its supervisor, the API and two worker processes of their own) while readers like, comment and poll
// through the API, and every call must answer (200, or 503 with Retry-After) within 3 s at every moment; afterwards
// the counts must equal the log. STORE_LIVENESS_ROUNDS (3 in `npm test`; 10 for the issue's run) sets the rounds of
// pause-and-create, a worker frozen in every other one; STORE_LIVENESS_BACKLOG (1,600) the backlog's writes.
import { EventLogCollection, type LikeStatusResponse, SocialEventType, socialStreams, type StoredEventDocument } from '@shelf/contracts';
import { testEnv, type TestEnv } from '@test/support';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { storeCallBounds } from '@shelf/server-config';
import { ferretdbService, freePort, SiteProcess, supervision, type SupervisedStore } from '../own-services';
import type { DoctorReport } from '../../workers/src/doctor/doctor-report';
import { diagnoseLikeCounts } from '../like-count-diagnosis';
import { ReadersAtWork } from '../readers-at-work';
import { registerReader, seedCatalog, startSite } from '../site-harness';

const { StoreSupervisor, restartsFile } = supervision;

const ROUNDS = Number(process.env.STORE_LIVENESS_ROUNDS ?? 3);
const BACKLOG = Number(process.env.STORE_LIVENESS_BACKLOG ?? 1600);
const DATABASE = 'liveness';
const METRICS_TOKEN = 'liveness-metrics-token-of-32-chars-or-more';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low));

describe('the embedded store under faults', () => {
  let dataDir: string;
  let supervisor: SupervisedStore;
  const storeLines: string[] = [];
  let env: TestEnv;
  let store: MongoClient;
  let api: SiteProcess;
  let base: string;
  let workers: SiteProcess[] = [];
  let books: { bookId: number; chapterIds: number[] }[];
  let commenters: string[];

  const startWorkers = async (count: number) => {
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = await Promise.all(Array.from({ length: count }, () => new SiteProcess('workers', env).start()));
  };
  const health = async () => (await (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).catch(() => null))?.json().catch(() => null)) as { projectionLag?: number } | null;
  /** Resolves once the workers have projected the whole log (health's projection lag 0). */
  const projected = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await health())?.projectionLag === 0) return;
      if (Date.now() > deadline) throw new Error(`the workers did not catch up within ${timeoutMs} ms: ${JSON.stringify(await health())}`);
      await pause(250);
    }
  };
  /**
   * Every book's like count and thread size equal the log's, and every reader's likes ended in the state the reader
   * last asked for (and was acknowledged). The read models follow the log, so the counts must come to equal it (and
   * stay) once the workers report no lag and nothing parked; an event lost for good never does, and the failure then
   * shows each wrong book's like streams as the log, its positions and the read models hold them.
   */
  const expectCountsEqualTheLog = async (readers: ReadersAtWork) => {
    const pairs = await readers.settle();
    await settled(120_000);
    const events = store.db(DATABASE).collection<StoredEventDocument>(EventLogCollection.Events);
    const last = new Map<string, StoredEventDocument>();
    for (const event of await events.find({ type: { $in: [SocialEventType.StoryLiked, SocialEventType.StoryUnliked] } }).toArray()) {
      if ((last.get(event.streamId)?.version ?? 0) < event.version) last.set(event.streamId, event);
    }
    const likedInLog = (streamId: string) => last.get(streamId)?.type === SocialEventType.StoryLiked;
    const wrong = pairs.filter((pair) => likedInLog(socialStreams.storyLike(pair.bookId, pair.userId)) !== pair.liked);
    expect(wrong).toEqual([]);
    const mismatches = async () => {
      const found: { bookId: number; likes?: [number | undefined, number]; comments?: [number | undefined, number] }[] = [];
      for (const { bookId, chapterIds } of books) {
        const inLog = [...last.keys()].filter((streamId) => streamId.startsWith(`story-like-${bookId}-`) && likedInLog(streamId)).length;
        const likes = await readers.call<LikeStatusResponse>('check', 'GET', `like/show-visitor-like-count?book_id=${bookId}`);
        if (likes.body?.likeCount.like_count !== inLog) found.push({ bookId, likes: [likes.body?.likeCount.like_count, inLog] });
        const posted = await events.countDocuments({ type: SocialEventType.CommentPosted, 'data.book_id': bookId, 'data.chapter_id': chapterIds[0] });
        const thread = await readers.call<{ comments: unknown[] }>('check', 'GET', `comment/show-comments?book_id=${bookId}&chapter_id=${chapterIds[0]}&criteria=newest`);
        if (thread.body?.comments.length !== posted) found.push({ bookId, comments: [thread.body?.comments.length, posted] });
      }
      return found;
    };
    // A late event (placed again by the next sweep) or a parked one retried may still be on its way: the counts get 60 s.
    const deadline = Date.now() + 60_000;
    let found = await mismatches();
    while (found.length > 0 && Date.now() < deadline) {
      await settled(deadline - Date.now());
      found = await mismatches();
    }
    if (found.length > 0) console.log(`counts unlike the log: ${JSON.stringify(await diagnoseLikeCounts(store.db(DATABASE), found.map(({ bookId }) => bookId), workers), null, 1)}`);
    expect(found).toEqual([]);
    expect(((await health()) as { parkedEvents?: number } | null)?.parkedEvents).toBe(0);
  };
  /** Resolves once the workers report the whole log projected and nothing parked. */
  const settled = async (timeoutMs: number) => {
    await projected(Math.max(timeoutMs, 1000));
    for (const deadline = Date.now() + timeoutMs; ((await health()) as { parkedEvents?: number } | null)?.parkedEvents !== 0 && Date.now() < deadline; ) await pause(250);
    await pause(1000);
  };
  /** FerretDB's open cursors (the project's patch reports them in serverStatus, as MongoDB does). */
  const openCursors = async () => {
    const status = await store.db('admin').command({ serverStatus: 1 });
    return Number((status.metrics as { cursor?: { open?: { total?: number } } })?.cursor?.open?.total);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-liveness-'));
    const service = ferretdbService(await freePort(), dataDir);
    supervisor = new StoreSupervisor(service, { dataDir, database: DATABASE, output: (line: string) => storeLines.push(line) });
    await supervisor.start();
    env = testEnv(__filename, { MONGO_URL: `${service.url}${DATABASE}`, STORE_RESTARTS_FILE: restartsFile(dataDir), METRICS_TOKEN });
    store = await new MongoClient(service.url, storeCallBounds('tool')).connect();
    // The catalog and the commenters' accounts through an in-process site, which then makes way for processes of their own.
    const site = await startSite(env);
    books = await seedCatalog(site, 6);
    commenters = [];
    for (let i = 0; i < 6; i++) commenters.push((await registerReader(site, `Commenter ${i}`)).token);
    await site.api.close();
    await site.workers.close();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await new SiteProcess('backend', { ...env, PORT: String(port) }).start();
    await startWorkers(2);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await api?.kill();
    await store?.close(true);
    await supervisor?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(`answers every call within 3 s through ${ROUNDS} rounds of a 3-second store pause and a new collection, a worker frozen in some`, async () => {
    const readers = new ReadersAtWork(base, env.AUTH_SECRET, books);
    readers.start({ likers: 30, pollers: 20, commenters });
    const db = store.db(DATABASE);
    // The API and workers have just started: their first seconds (code compiled, pools filled, under 50 readers at once)
    // are not what the pauses measure. A first pause that came 2 s in made a CI run's answers take up to 4.5 s.
    await pause(6000);
    for (let round = 0; round < ROUNDS; round++) {
      await pause(2000);
      // Every other round a worker is frozen past its lease (SIGSTOP, as a paused VM), through the store's pause.
      const frozen = round % 2 === 1 ? workers[round % workers.length] : null;
      const frozenFor = between(12_000, 20_000);
      const thawed = frozen ? (frozen.freeze(), pause(frozenFor).then(() => frozen.thaw())) : Promise.resolve();
      process.kill(supervisor.pid!, 'SIGSTOP');
      await pause(3000);
      process.kill(supervisor.pid!, 'SIGCONT');
      // A collection created while the writers' backlog drains: its creation takes the store's registry lock.
      await db.collection(`created_in_round_${round}`).insertOne({ round });
      await pause(3000);
      await thawed;
      console.log(`round ${round + 1}: ${frozen ? `a worker frozen ${frozenFor} ms` : 'no worker frozen'}; ${readers.summary()}`);
    }
    await readers.stop();
    console.log(`pauses: ${readers.summary()}; store restarts: ${supervisor.restarts}`);
    expect(readers.offences()).toEqual([]);
    await expectCountsEqualTheLog(readers);
    // The store never had to be restarted: it kept answering through every pause.
    expect(supervisor.restarts).toBe(0);
  }, 600_000);

  it(`drains a backlog of ${BACKLOG} writes with one worker process while 100 readers poll, answering every call within 3 s`, async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    const readers = new ReadersAtWork(base, env.AUTH_SECRET, books);
    // The backlog: likes acknowledged by the API with no worker running, 100 at once.
    const started = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        let token = readers.freshToken();
        for (let mine = 0; sent < BACKLOG; mine++) {
          sent += 1;
          if (mine > 0 && mine % 20 === 0) token = readers.freshToken();
          await readers.like(token, books[mine % books.length].bookId, true);
        }
      }),
    );
    console.log(`backlog: ${BACKLOG} likes in ${((performance.now() - started) / 1000).toFixed(1)} s; ${readers.summary()}`);
    readers.start({ likers: 0, pollers: 100 });
    const draining = performance.now();
    await startWorkers(1);
    await projected(180_000);
    const drained = performance.now() - draining;
    // Readers go on polling for 10 s after the drain, when the store stopped answering before.
    await pause(10_000);
    await readers.stop();
    console.log(`drained in ${(drained / 1000).toFixed(1)} s; with the polls: ${readers.summary()}; open cursors after: ${await openCursors()}`);
    expect(readers.offences()).toEqual([]);
    await expectCountsEqualTheLog(readers);
    expect(supervisor.restarts).toBe(0);
  }, 600_000);

  it('leaves no cursor open after many reads abandoned at their deadline by a store pause', async () => {
    const db = store.db(DATABASE);
    await db.collection('many').insertMany(Array.from({ length: 1000 }, (_, i) => ({ _id: `doc-${i}`, i }) as never));
    const reader = await new MongoClient(env.MONGO_URL, storeCallBounds('request')).connect();
    try {
      // 200 reads of 1,000 documents in batches of 10 (100 getMores each), the store paused 3 s under them: the reads
      // past their deadline (2.5 s) are given up mid-cursor.
      const reads = Array.from({ length: 200 }, () => reader.db().collection('many').find({}, { batchSize: 10 }).toArray().then(() => 'read', (error: Error) => error.name));
      await pause(200);
      process.kill(supervisor.pid!, 'SIGSTOP');
      await pause(3000);
      process.kill(supervisor.pid!, 'SIGCONT');
      const outcomes = await Promise.all(reads);
      const counts = Object.fromEntries([...new Set(outcomes)].map((outcome) => [outcome, outcomes.filter((o) => o === outcome).length]));
      let open = await openCursors();
      for (const deadline = Date.now() + 5000; open > 0 && Date.now() < deadline; open = await openCursors()) await pause(100);
      console.log(`abandoned reads: ${JSON.stringify(counts)}; open cursors after: ${open}`);
      expect(outcomes).toContain('MongoOperationTimeoutError');
      expect(open).toBe(0);
    } finally {
      await reader.close(true);
    }
  }, 120_000);

  it('restarts a store that stops answering, with its goroutine dump, and the site carries on with nothing lost', async () => {
    await startWorkers(2);
    const readers = new ReadersAtWork(base, env.AUTH_SECRET, books);
    readers.start({ likers: 10, pollers: 10 });
    await pause(2000);
    // A store that answers nobody (as when every SQLite connection is held): stopped until its supervisor steps in.
    const stalled = supervisor.pid!;
    const restarted = new Promise((resolve) => supervisor.once('restarted', resolve));
    const stalledAt = Date.now();
    process.kill(stalled, 'SIGSTOP');
    await restarted;
    const restartedAfter = Date.now() - stalledAt;
    await pause(3000);
    await readers.stop();
    console.log(`restarted after ${restartedAfter} ms; ${readers.summary()}`);
    expect(supervisor.pid).not.toBe(stalled);
    expect(readers.offences()).toEqual([]);
    await expectCountsEqualTheLog(readers);
    // The operators' view: the record with its dump, and /metrics.
    const record = JSON.parse(readFileSync(restartsFile(dataDir), 'utf8')) as { total: number; restarts: { dump: string }[] };
    expect(record.total).toBe(1);
    expect(readFileSync(record.restarts[0].dump, 'utf8')).toContain('goroutine');
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/^shelf_store_restarts_total 1$/m);
    const doctor = await new Promise<string>((resolve) =>
      execFile(process.execPath, [join(__dirname, '../../workers/dist/cli/doctor.js'), '--json'], { env, timeout: 60_000 }, (_error, stdout) => resolve(stdout)),
    );
    const { checks } = JSON.parse(doctor) as DoctorReport;
    expect(checks.store.summary).toMatch(/^up · FerretDB v1\.24\.2 · restarted 1× by its supervisor, last at .*: it answered no probe for 3 probes in a row .*\(goroutine dump: .*\)$/);
  }, 300_000);
});
