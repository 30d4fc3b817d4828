// Projection throughput and lag (issue 12, item 7). On the embedded stack (FerretDB, Redis, MailDev on free loopback
// ports, throw-away data), with 1, 2 and 4 worker processes (`node workers/dist/main.js`), each on a fresh database:
//
//   1. A mixed stream of events offered at rising rates until the workers saturate: ≈70 % story like/unlike toggles,
//      15 % comments, 10 % replies, 5 % chapter events (mostly chapter.updated.v1, some chapter.published.v1),
//      appended through the backend's EventStore (the real append: partition positions, wake-ups) by this process, in
//      the exact event shapes the commands append. Per rate: events appended/s (the appender can be the limit: that
//      is reported), projected events/s (from the checkpoints: per partition the lowest of every projector's
//      checkpoint), lag (append acknowledged → every projector's checkpoint of the event's partition past its
//      position) p50/p95/p99 over sampled events, the queue depth (appended but not yet projected by every
//      projector, summed over the partitions) and how fast it grows, the workers' store commands per projected event,
//      and the CPU of the store, of each worker process and of this one (a share of one core each). A step whose depth keeps growing is saturation:
//      the rate is not raised further, and the projected events/s of that step are the sustained throughput.
//   2. The cost of one more comment in a thread, and of one more reply in a reader's inbox, as the thread and inbox
//      grow towards 100,000 items (replies appended in bulk, in the stored shapes, then projected by the workers;
//      bounded in time, so it reports how far it got), with the first-page reads through a running API.
//
// Usage: node load-tests/bench/projections.mjs [--quick]   (build first: npx tsc -b). It starts its own services on
// free ports, so a running site is not disturbed; the load generator runs in this process, on the same CPUs as the
// store and the workers, so run it on a quiet machine. ≈20 minutes at most by default; --quick is a 1-2 minute smoke
// run. Overrides (environment): WORKERS=1,2,4  RATES=5,10,20,…  STEP_SECONDS  SETTLE_SECONDS  MAX_IN_FLIGHT
// SAMPLES_PER_SECOND  POLL_MS  CHAPTER_PUBLISH_SHARE  THREAD_SIZES=1000,10000,100000  THREAD_BUDGET_SECONDS
// THREAD_SAMPLES  THREAD_WORKERS  TOTAL_BUDGET_SECONDS  WORKER_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=<folder>). The figures go to stdout and to
// load-tests/results/projections-<date>[-quick].json.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { freePort, LocalServices, root } from './lib/local-services.mjs';
import { CpuShares, storePidOf } from './lib/process-cpu.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { MongoClient } = require('mongodb');
const { NestFactory } = require('@nestjs/core');
const { CommandBus } = require('@nestjs/cqrs');
const { JwtService } = require('@nestjs/jwt');
const {
  CatalogEventType,
  EventLogCollection,
  PARTITION_COUNT,
  ProjectionCollection,
  SocialEventType,
  catalogStreams,
  checkpointsOf,
  eventDocumentId,
  partitionId,
  partitionKey,
  partitionOf,
  positionId,
  socialStreams,
} = require(join(root, 'contracts/dist/index.js'));
// The bench's own store calls in flight are bounded as the site's are (see STORE_POOL).
const { STORE_POOL } = require(join(root, 'server-config/dist/index.js'));
const { CatalogCliModule } = require(join(root, 'backend/dist/modules/catalog/cli/catalog-cli.module.js'));
const { EventStore } = require(join(root, 'backend/dist/event-store/event-store.js'));
const { SaveBookCommand } = require(join(root, 'backend/dist/modules/catalog/application/save-book.command.js'));
const { SaveChapterCommand } = require(join(root, 'backend/dist/modules/catalog/application/save-chapter.command.js'));
const { generateDemoCatalog } = require(join(root, 'backend/dist/demo-catalog/demo-catalog.js'));
const { accessTokenKey, ACCESS_TOKEN_LIFETIME } = require(join(root, 'backend/dist/modules/accounts/api/access-token-key.js'));
const { projectionLag } = require(join(root, 'workers/dist/projections/projection-lag.js'));

// ---------------------------------------------------------------------------------------------------------------
// Configuration

const QUICK = process.argv.includes('--quick');
const list = (name, fallback) => (process.env[name] ? process.env[name].split(',').map(Number) : fallback);
const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const CONFIG = {
  quick: QUICK,
  workers: list('WORKERS', QUICK ? [1, 2] : [1, 2, 4]),
  rates: list('RATES', QUICK ? [10, 40, 160] : [5, 10, 20, 40, 80, 160, 320, 640, 1280]),
  stepSeconds: num('STEP_SECONDS', QUICK ? 5 : 15),
  settleSeconds: num('SETTLE_SECONDS', QUICK ? 5 : 10),
  books: QUICK ? 4 : 8,
  /** Readers who like, comment and reply: few enough that like streams toggle (like, unlike, like…) over a run. */
  readers: 400,
  maxInFlight: num('MAX_IN_FLIGHT', 64),
  samplesPerSecond: num('SAMPLES_PER_SECOND', 25),
  pollMs: num('POLL_MS', 50),
  depthEveryMs: 500,
  /** Of the chapter events (5 % of the mix), the share that publishes a new chapter (a fan-out to the book's likers). */
  chapterPublishShare: num('CHAPTER_PUBLISH_SHARE', 0.1),
  threadSizes: list('THREAD_SIZES', QUICK ? [200, 1000] : [1000, 10_000, 100_000]),
  threadBudgetSeconds: num('THREAD_BUDGET_SECONDS', QUICK ? 45 : 480),
  threadSamples: num('THREAD_SAMPLES', QUICK ? 10 : 50),
  threadWorkers: num('THREAD_WORKERS', 1),
  totalBudgetSeconds: num('TOTAL_BUDGET_SECONDS', QUICK ? 180 : 1200),
};
const MIX = { like: 0.7, comment: 0.15, reply: 0.1, chapter: 0.05 };
/** Projectors expected in the workers; the ones actually checkpointing are read from the store after the seed. */
const EXPECTED_PROJECTORS = ['catalog', 'story-likes', 'reply-inbox', 'comment-threads', 'search', 'account-mail'];

const runStarted = Date.now();
const deadline = runStarted + CONFIG.totalBudgetSeconds * 1000;
const secondsLeft = () => (deadline - Date.now()) / 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(`[${((Date.now() - runStarted) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
const ms = (value) => (value === null || value === undefined ? '—' : value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`);
const int = (value) => (value === null || value === undefined ? '—' : Math.round(value).toLocaleString('en-US'));
const fixed = (value, digits = 1) => (value === null || value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));

/** Least-squares slope of y over x (per second when x is in ms), or 0 with fewer than 3 points. */
function slopePerSecond(points) {
  if (points.length < 3) return 0;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.t - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.t - mx) ** 2, 0);
  return sxx === 0 ? 0 : (sxy / sxx) * 1000;
}

function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The store's view of the log: heads, checkpoints, and when a position has been projected

class LogMonitor {
  constructor(db, projectors) {
    this.db = db;
    this.projectors = projectors;
    this.minCheckpoint = new Array(PARTITION_COUNT).fill(0);
    this.byProjector = new Map();
    this.heads = new Array(PARTITION_COUNT).fill(0);
    /** {t, depth, projected, appended}: t in performance.now() ms. */
    this.series = [];
    this.waiters = [];
    this.pollErrors = 0;
    this.running = false;
  }

  async readHeads() {
    const docs = await this.db.collection(EventLogCollection.Partitions).find({}).toArray();
    const heads = new Array(PARTITION_COUNT).fill(0);
    for (const doc of docs) heads[Number(doc._id.slice(1))] = doc.head;
    this.heads = heads;
    return heads;
  }

  async readCheckpoints() {
    const docs = checkpointsOf(await this.db.collection(ProjectionCollection.Checkpoints).find({}).toArray());
    const byProjector = new Map();
    for (const doc of docs) {
      if (!byProjector.has(doc.projector)) byProjector.set(doc.projector, new Array(PARTITION_COUNT).fill(0));
      byProjector.get(doc.projector)[doc.partition] = doc.position;
    }
    this.byProjector = byProjector;
    for (let p = 0; p < PARTITION_COUNT; p++) this.minCheckpoint[p] = Math.min(...this.projectors.map((name) => byProjector.get(name)?.[p] ?? 0));
    const now = performance.now();
    this.waiters = this.waiters.filter((waiter) => {
      if (this.minCheckpoint[waiter.partition] < waiter.seq) return true;
      waiter.resolve(now);
      return false;
    });
  }

  /** Σ over partitions of the lowest checkpoint: positions every projector has passed. */
  projected() {
    return this.minCheckpoint.reduce((sum, position) => sum + position, 0);
  }

  /** Σ over partitions of each projector's checkpoint. */
  projectedByProjector() {
    return Object.fromEntries(this.projectors.map((name) => [name, (this.byProjector.get(name) ?? []).reduce((sum, position) => sum + position, 0)]));
  }

  depth() {
    return this.heads.reduce((sum, head, p) => sum + Math.max(0, head - this.minCheckpoint[p]), 0);
  }

  /** Resolves with the performance.now() of the first poll that saw every projector past `seq` in `partition`. */
  projectedAt(partition, seq) {
    if (this.minCheckpoint[partition] >= seq) return Promise.resolve(performance.now());
    return new Promise((resolve) => this.waiters.push({ partition, seq, resolve }));
  }

  /** Reads the heads and checkpoints once, then keeps polling them in the background. */
  async start() {
    await this.readHeads();
    await this.readCheckpoints();
    this.running = true;
    this.loop = (async () => {
      let lastDepth = -Infinity;
      while (this.running) {
        try {
          const depthDue = performance.now() - lastDepth >= CONFIG.depthEveryMs;
          if (depthDue) await this.readHeads();
          await this.readCheckpoints();
          if (depthDue) {
            lastDepth = performance.now();
            this.series.push({ t: lastDepth, depth: this.depth(), projected: this.projected(), appended: this.heads.reduce((a, b) => a + b, 0) });
          }
        } catch {
          this.pollErrors++;
        }
        await sleep(CONFIG.pollMs);
      }
    })();
  }

  async stop() {
    this.running = false;
    await this.loop;
  }

  /** Waits until nothing appended is left unprojected (or the time runs out); resolves with whether it got there. */
  async drained(timeoutMs) {
    const until = performance.now() + timeoutMs;
    for (;;) {
      await this.readHeads();
      await this.readCheckpoints();
      if (this.depth() === 0) return true;
      if (performance.now() > until) return false;
      await sleep(200);
    }
  }
}

/** The position an acknowledged event got in its partition: found by id lookups from the head down. */
async function positionOf(db, partition, eventId) {
  const head = (await db.collection(EventLogCollection.Partitions).findOne({ _id: partitionId(partition) }))?.head ?? 0;
  for (let top = head; top > 0 && top > head - 256; top -= 4) {
    const seqs = [top, top - 1, top - 2, top - 3].filter((seq) => seq > 0);
    const found = await Promise.all(seqs.map((seq) => db.collection(EventLogCollection.Positions).findOne({ _id: positionId(partition, seq) })));
    const hit = found.find((position) => position?.eventId === eventId);
    if (hit) return hit.seq;
  }
  return head; // not among the last 256: the head is an upper bound
}

/**
 * The reference: what the store itself does on this machine right now, in a scratch database. Every projected event
 * costs a handful of these reads and writes (read-model documents, locks, checkpoints), so they bound the rest.
 */
async function storeReference(storeUrl) {
  const client = await MongoClient.connect(`${storeUrl}bench_store_reference`);
  const collection = client.db().collection('reference');
  const text = 'x'.repeat(200);
  const timed = async (count, concurrency, op) => {
    const times = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++;
          const t = performance.now();
          await op(i);
          times.push(performance.now() - t);
        }
      }),
    );
    return { p50Ms: quantile(times, 0.5), perSecond: count / ((performance.now() - started) / 1000) };
  };
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

// ---------------------------------------------------------------------------------------------------------------
// Site processes

/**
 * The store commands the worker processes sent, from their STORE_COMMAND_PROFILE lines (one summary a second each):
 * the round trips per projected event, reads and writes, by collection.
 */
class StoreCommands {
  constructor() {
    this.byKey = new Map();
  }

  listen(proc) {
    let rest = '';
    const onData = (chunk) => {
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        const match = /^store-profile (\d+) (\d+)ms (\S+)(?: (\S+))?$/.exec(line);
        if (!match) continue;
        const key = `${match[3]} ${match[4] ?? ''}`.trim();
        this.byKey.set(key, (this.byKey.get(key) ?? 0) + Number(match[1]));
      }
    };
    proc.child.stdout.on('data', onData);
    proc.child.stderr.on('data', onData);
  }

  /** The commands counted since the last call, and a fresh count. */
  take() {
    const counted = this.byKey;
    this.byKey = new Map();
    const sum = (test) => [...counted].filter(([key]) => test(key)).reduce((total, [, n]) => total + n, 0);
    return {
      reads: sum((key) => key.startsWith('find ')),
      writes: sum((key) => /^(insert|update|delete|findAndModify) /.test(key)),
      byCollection: Object.fromEntries([...counted].sort(([, a], [, b]) => b - a)),
    };
  }
}

async function startWorkers(local, env, count, commands) {
  const procs = Array.from({ length: count }, (_, i) =>
    // WORKER_NODE_ARGS: node options for the worker processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`.
    local.spawn(`workers-${i + 1}`, process.execPath, [...(process.env.WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'workers/dist/main.js'], {
      env: { ...process.env, ...env, ...(commands ? { STORE_COMMAND_PROFILE: '1000' } : {}) },
      ready: /Workers are consuming/,
    }),
  );
  if (commands) for (const proc of procs) commands.listen(proc);
  await Promise.all(
    procs.map((proc) =>
      Promise.race([
        proc.started,
        proc.exited.then((code) => {
          throw new Error(`${proc.name} exited with ${code} while starting:\n${proc.tail.join('\n')}`);
        }),
        sleep(120_000).then(() => {
          throw new Error(`${proc.name} did not start within 120 s:\n${proc.tail.join('\n')}`);
        }),
      ]),
    ),
  );
  return procs;
}

const parkedLines = (procs) => procs.flatMap((proc) => proc.tail.filter((line) => /parked event/.test(line)));

async function stopProcs(local, procs) {
  await Promise.all(procs.map((proc) => local.stop(proc)));
}

/** A fresh database and queue prefix: its own app context (EventStore, CommandBus) and a monitoring client. */
async function openDatabase(services, name) {
  const env = {
    MONGO_URL: `${services.storeUrl}${name}`,
    REDIS_URL: services.redisUrl,
    SMTP_URL: services.smtpUrl,
    QUEUE_PREFIX: `bench-${name}`,
    AUTH_SECRET: services.authSecret,
    PUBLIC_URL: 'http://127.0.0.1:9',
    SEARCH_RATE_LIMIT: '1000000000',
    ADMIN_USER: '',
    ADMIN_PASSWORD: '',
  };
  const app = await NestFactory.createApplicationContext(CatalogCliModule.register(env), { logger: ['error'] });
  const client = await MongoClient.connect(env.MONGO_URL, STORE_POOL);
  return { env, app, store: app.get(EventStore), commands: app.get(CommandBus), client, db: client.db() };
}

async function closeDatabase(database) {
  await database.app.close();
  await database.client.close();
}

/** A small catalog through the real catalog commands; resolves with its chapters. */
async function seedCatalog(commands, books) {
  const by = { actor: 'projections-benchmark', correlationId: randomUUID(), causationId: null };
  const chapters = [];
  const options = { books, minChapters: 4, maxChapters: 10, minWordsPerChapter: 200, maxWordsPerChapter: 400, seed: 7077, now: new Date() };
  for (const { book, chapters: bookChapters } of generateDemoCatalog(options)) {
    await commands.execute(new SaveBookCommand(book, by));
    for (const chapter of bookChapters) {
      await commands.execute(new SaveChapterCommand(chapter, by));
      chapters.push(chapter);
    }
  }
  return chapters;
}

/** The projectors that keep checkpoints, as the store shows them so far. */
async function checkpointingProjectors(db) {
  const names = new Set(checkpointsOf(await db.collection(ProjectionCollection.Checkpoints).find({}).toArray()).map((doc) => doc.projector));
  return [...names].sort();
}

/**
 * The projectors to wait for: every one that checkpoints. Each writes its first checkpoint once it has passed an event,
 * so wait (bounded) until all the expected ones have; a set that differs is used as it is, and said.
 */
async function waitForProjectors(db) {
  const until = Date.now() + 90_000;
  let names = [];
  while (Date.now() < until) {
    names = await checkpointingProjectors(db);
    if (EXPECTED_PROJECTORS.every((name) => names.includes(name))) break;
    await sleep(250);
  }
  if (names.length === 0) names = EXPECTED_PROJECTORS;
  const missing = EXPECTED_PROJECTORS.filter((p) => !names.includes(p));
  const extra = names.filter((p) => !EXPECTED_PROJECTORS.includes(p));
  if (missing.length || extra.length) log(`  checkpointing projectors: ${names.join(', ')} (missing ${missing.join(', ') || 'none'}, unexpected ${extra.join(', ') || 'none'})`);
  return names;
}

// ---------------------------------------------------------------------------------------------------------------
// The mixed stream

const emailHash = (email) => createHash('sha256').update(email).digest('hex');
const makeReaders = (count) =>
  Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    return { id, username: `Bench reader ${i + 1}`, emailHash: emailHash(`reader-${i + 1}@bench.test`) };
  });

const CHAPTER_TEXT = Array.from({ length: 60 }, (_, i) => `Benchmark sentence ${i + 1} of a freshly published chapter.`).join(' ');

/** Draws the next event of the mix; every stream it appends to is owned by this process, so versions are known. */
function createMix(chapterList, readers) {
  const likes = new Map();
  const chapters = chapterList.map((data) => ({ key: `${data.book_id}-${data.chapter_id}`, data, version: 1, busy: false }));
  const lastChapter = new Map();
  for (const { data } of chapters) lastChapter.set(data.book_id, Math.max(lastChapter.get(data.book_id) ?? 0, data.chapter_id));
  const bookIds = [...lastChapter.keys()];
  const recent = [];
  const counts = { like: 0, unlike: 0, comment: 0, reply: 0, chapterUpdated: 0, chapterPublished: 0 };
  let n = 0;
  const any = (items) => items[Math.floor(Math.random() * items.length)];
  const metadata = (actor) => ({ actor, correlationId: randomUUID(), causationId: null });

  const commentOp = (parent) => {
    let author = any(readers);
    while (parent && author.id === parent.user_id) author = any(readers);
    let thread;
    if (parent) thread = { book_id: parent.book_id, chapter_id: parent.chapter_id };
    else {
      const chapter = any(chapters).data;
      thread = { book_id: chapter.book_id, chapter_id: Math.random() < 0.2 ? null : chapter.chapter_id };
    }
    const commentId = randomUUID();
    const data = {
      comment_id: commentId,
      book_id: thread.book_id,
      chapter_id: thread.chapter_id,
      parent_comment_id: parent?.comment_id ?? null,
      parent_user_id: parent?.user_id ?? null,
      user_id: author.id,
      username: author.username,
      email_hash: author.emailHash,
      comment_content: `${parent ? 'Reply' : 'Comment'} ${++n} from the projections benchmark: the translation of this chapter reads well.`,
    };
    return {
      kind: parent ? 'reply' : 'comment',
      streamId: socialStreams.comment(commentId),
      expectedVersion: 0,
      events: [{ type: SocialEventType.CommentPosted, data }],
      metadata: metadata(author.id),
      done(ok) {
        if (!ok) return;
        counts[parent ? 'reply' : 'comment']++;
        recent.push({ comment_id: commentId, user_id: author.id, book_id: thread.book_id, chapter_id: thread.chapter_id });
        if (recent.length > 500) recent.shift();
      },
    };
  };

  const likeOp = () => {
    for (let tries = 0; tries < 10; tries++) {
      const bookId = any(bookIds);
      const reader = any(readers);
      const streamId = socialStreams.storyLike(bookId, reader.id);
      const state = likes.get(streamId) ?? { version: 0, liked: false, busy: false };
      if (state.busy) continue;
      likes.set(streamId, state);
      state.busy = true;
      const type = state.liked ? SocialEventType.StoryUnliked : SocialEventType.StoryLiked;
      return {
        kind: 'like',
        streamId,
        expectedVersion: state.version,
        events: [{ type, data: { book_id: bookId, user_id: reader.id } }],
        metadata: metadata(reader.id),
        done(ok) {
          state.busy = false;
          if (!ok) return;
          state.version++;
          state.liked = !state.liked;
          counts[state.liked ? 'like' : 'unlike']++;
        },
      };
    }
    return commentOp(null);
  };

  const chapterOp = () => {
    if (Math.random() < CONFIG.chapterPublishShare) {
      const bookId = any(bookIds);
      const chapterId = lastChapter.get(bookId) + 1;
      lastChapter.set(bookId, chapterId);
      const data = {
        book_id: bookId,
        chapter_id: chapterId,
        title: `Chapter ${chapterId}: published by the benchmark`,
        content: CHAPTER_TEXT,
        footnote: '',
        chapter_author_note: '',
        chapter_tl_note: '',
        uploaded_time: new Date().toISOString(),
      };
      const entry = { key: `${bookId}-${chapterId}`, data, version: 0, busy: true };
      return {
        kind: 'chapter',
        streamId: catalogStreams.chapter(bookId, chapterId),
        expectedVersion: 0,
        events: [{ type: CatalogEventType.ChapterPublished, data }],
        metadata: metadata('projections-benchmark'),
        done(ok) {
          entry.busy = false;
          if (!ok) return;
          entry.version = 1;
          chapters.push(entry);
          counts.chapterPublished++;
        },
      };
    }
    for (let tries = 0; tries < 10; tries++) {
      const entry = any(chapters);
      if (entry.busy) continue;
      entry.busy = true;
      const data = { ...entry.data, title: `${entry.data.title.replace(/ \(rev \d+\)$/, '')} (rev ${entry.version})` };
      return {
        kind: 'chapter',
        streamId: catalogStreams.chapter(data.book_id, data.chapter_id),
        expectedVersion: entry.version,
        events: [{ type: CatalogEventType.ChapterUpdated, data }],
        metadata: metadata('projections-benchmark'),
        done(ok) {
          entry.busy = false;
          if (!ok) return;
          entry.version++;
          entry.data = data;
          counts.chapterUpdated++;
        },
      };
    }
    return likeOp();
  };

  return {
    counts,
    next() {
      const r = Math.random();
      if (r < MIX.like) return likeOp();
      if (r < MIX.like + MIX.comment) return commentOp(null);
      if (r < MIX.like + MIX.comment + MIX.reply) return recent.length > 0 ? commentOp(any(recent)) : commentOp(null);
      return chapterOp();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 1: rising rates with N worker processes

async function runStep(database, monitor, mix, rate, seconds) {
  const sampleEvery = Math.max(1, Math.round(rate / CONFIG.samplesPerSecond));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const load = loadavg()[0];
  const inFlight = new Set();
  const appendMs = [];
  const lagWaits = [];
  let issued = 0;
  let acked = 0;
  let failed = 0;
  let firstError = null;

  const t0 = performance.now();
  const projected0 = monitor.projected();
  const byProjector0 = monitor.projectedByProjector();
  const durationMs = seconds * 1000;
  for (let now = t0; now - t0 < durationMs; now = performance.now()) {
    let due = Math.floor((rate * (now - t0)) / 1000) - issued;
    while (due-- > 0 && inFlight.size < CONFIG.maxInFlight) {
      const op = mix.next();
      const sampled = ++issued % sampleEvery === 0;
      const started = performance.now();
      const append = database.store
        .append(op.streamId, op.expectedVersion, op.events, op.metadata)
        .then(async ([event]) => {
          const ackedAt = performance.now();
          appendMs.push(ackedAt - started);
          acked++;
          op.done(true);
          if (!sampled) return;
          const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
          const seq = await positionOf(database.db, partition, event.id);
          lagWaits.push({ ackedAt, projected: monitor.projectedAt(partition, seq) });
        })
        .catch((error) => {
          failed++;
          firstError ??= error instanceof Error ? error.message : String(error);
          op.done(false);
        })
        .finally(() => inFlight.delete(append));
      inFlight.add(append);
    }
    await sleep(2);
  }
  const issueEnd = performance.now();
  const projectedEnd = monitor.projected();
  const byProjectorEnd = monitor.projectedByProjector();
  const perProjectorAtEnd = projectionLag(database.db, monitor.projectors).catch(() => null);
  await Promise.race([Promise.allSettled([...inFlight]), sleep(15_000)]);
  const windowSeconds = (issueEnd - t0) / 1000;

  // Lags: wait (bounded) for the sampled events; one not projected by then counts with the time it has waited.
  const settleUntil = performance.now() + CONFIG.settleSeconds * 1000;
  const lags = [];
  let unresolved = 0;
  for (const { ackedAt, projected } of lagWaits) {
    const at = await Promise.race([projected, sleep(Math.max(0, settleUntil - performance.now())).then(() => null)]);
    if (at === null) unresolved++;
    lags.push((at ?? performance.now()) - ackedAt);
  }
  loopDelay.disable();

  const points = monitor.series.filter((p) => p.t >= t0 + durationMs * 0.25 && p.t <= issueEnd).map((p) => ({ t: p.t, y: p.depth }));
  const inStep = monitor.series.filter((p) => p.t >= t0 && p.t <= issueEnd);
  const depthStart = inStep[0]?.depth ?? null;
  const depthEnd = inStep.at(-1)?.depth ?? null;
  const growth = slopePerSecond(points);
  const appendedPerSecond = acked / windowSeconds;
  const projectedPerSecond = (projectedEnd - projected0) / windowSeconds;
  const p50 = quantile(lags, 0.5);
  // Saturation: the depth keeps growing through the step (beyond noise) and holds more than a second's worth of events,
  // or half the sampled events wait more than 5 s.
  const saturated = (growth > Math.max(0.05 * rate, 2) && (depthEnd ?? 0) > Math.max(20, rate)) || (p50 ?? 0) > 5000;
  const appenderLimited = appendedPerSecond < 0.9 * rate;
  const perProjector = await perProjectorAtEnd;
  const slowest = perProjector ? Object.entries(perProjector).sort((a, b) => b[1] - a[1])[0] : null;
  return {
    offeredPerSecond: rate,
    seconds: windowSeconds,
    issued,
    appended: acked,
    failedAppends: failed,
    firstError,
    appendedPerSecond,
    appendMs: { p50: quantile(appendMs, 0.5), p99: quantile(appendMs, 0.99) },
    projectedPerSecond,
    projectedPerSecondByProjector: Object.fromEntries(Object.entries(byProjectorEnd).map(([name, n]) => [name, (n - (byProjector0[name] ?? 0)) / windowSeconds])),
    lagMs: { samples: lags.length, unresolved, p50, p95: quantile(lags, 0.95), p99: quantile(lags, 0.99), max: quantile(lags, 1) },
    depth: { start: depthStart, end: depthEnd, growthPerSecond: growth },
    lagByProjectorAtStepEnd: perProjector,
    slowestProjector: slowest && slowest[1] > 0 ? slowest[0] : null,
    saturated,
    appenderLimited,
    benchEventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loadAverage1m: load,
  };
}

/** Fills `run` (already in the result, so an interrupted run still reports its finished steps). */
async function scalingRun(local, services, run, stopBy) {
  const workerCount = run.workers;
  const name = `bench_projections_n${workerCount}`;
  log(`${workerCount} worker process(es): seeding a catalog of ${CONFIG.books} books in a fresh database (${name})`);
  const database = await openDatabase(services, name);
  let procs = [];
  let monitor;
  try {
    const chapters = await seedCatalog(database.commands, CONFIG.books);
    const commands = new StoreCommands();
    procs = await startWorkers(local, database.env, workerCount, commands);
    const cpu = new CpuShares({ store: storePidOf(local), ...Object.fromEntries(procs.map((proc) => [proc.name, proc.child.pid])) });
    run.projectors = await waitForProjectors(database.db);
    const drainedSeed = await new LogMonitor(database.db, run.projectors).drained(120_000);
    if (!drainedSeed) log(`  the seed was not projected within 120 s (continuing)`);
    monitor = new LogMonitor(database.db, run.projectors);
    await monitor.start();
    const mix = createMix(chapters, makeReaders(CONFIG.readers));
    run.mixCounts = mix.counts;
    const summarise = () => {
      const saturatedStep = run.steps.find((s) => s.saturated);
      const sustainable = run.steps.filter((s) => !s.saturated && !s.appenderLimited);
      run.sustainedAtSaturationPerSecond = saturatedStep?.projectedPerSecond ?? null;
      run.highestUnsaturatedRate = sustainable.at(-1)?.offeredPerSecond ?? null;
      run.maxProjectedPerSecond = Math.max(0, ...run.steps.map((s) => s.projectedPerSecond));
    };
    run.stopReason = 'all rates offered';
    for (const rate of CONFIG.rates) {
      if (Date.now() + (CONFIG.stepSeconds + CONFIG.settleSeconds + 15) * 1000 > stopBy) {
        run.stopReason = 'time budget';
        break;
      }
      commands.take();
      cpu.start();
      const step = await runStep(database, monitor, mix, rate, CONFIG.stepSeconds);
      await sleep(1100); // the workers' last summary of the step
      const counted = commands.take();
      // Shares of one core over the step: the store, each worker process, and this one (the appender and the monitor).
      step.cpuShares = cpu.take();
      const projected = Math.max(1, step.projectedPerSecond * CONFIG.stepSeconds);
      step.storeCommands = { ...counted, readsPerEvent: counted.reads / projected, writesPerEvent: counted.writes / projected };
      run.steps.push(step);
      summarise();
      const flag = step.saturated ? ' SATURATED' : step.appenderLimited ? ' (appender-limited)' : '';
      log(
        `  N=${workerCount} offered ${rate}/s: appended ${fixed(step.appendedPerSecond)}/s, projected ${fixed(step.projectedPerSecond)}/s, ` +
          `lag p50 ${ms(step.lagMs.p50)} p99 ${ms(step.lagMs.p99)}, depth ${int(step.depth.start)}→${int(step.depth.end)}${flag}`,
      );
      if (step.saturated) {
        run.stopReason = 'saturated';
        break;
      }
      if (step.appenderLimited) {
        run.stopReason = 'appender-limited';
        break;
      }
    }
    run.pollErrors = monitor.pollErrors;
    run.parked = await database.db.collection(ProjectionCollection.Parked).countDocuments({});
    run.parkedLogLines = parkedLines(procs).slice(0, 5);
  } finally {
    await monitor?.stop();
    await stopProcs(local, procs);
    await closeDatabase(database);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 2: one more comment in a large thread, one more reply in a large inbox

/** Replies appended straight into the log in the event store's stored shapes: events first, then their positions. */
async function appendRepliesInBulk(db, count, { thread, parent, owner, readers }) {
  const events = db.collection(EventLogCollection.Events);
  const positions = db.collection(EventLogCollection.Positions);
  const heads = db.collection(EventLogCollection.Partitions);
  const BATCH = 500;
  let clock = Date.now() - count;
  let lastSeq = 0;
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const docs = Array.from({ length: n }, () => {
      const author = readers[Math.floor(Math.random() * readers.length)];
      const commentId = randomUUID();
      const streamId = socialStreams.comment(commentId);
      return {
        _id: eventDocumentId(streamId, 1),
        eventId: randomUUID(),
        streamId,
        version: 1,
        type: SocialEventType.CommentPosted,
        data: {
          comment_id: commentId,
          book_id: thread.book_id,
          chapter_id: thread.chapter_id,
          parent_comment_id: parent,
          parent_user_id: owner,
          user_id: author.id,
          username: author.username,
          email_hash: author.emailHash,
          comment_content: `Bulk reply ${done + 1} from the projections benchmark: agreed, this chapter is a favourite.`,
        },
        metadata: { actor: author.id, correlationId: randomUUID(), causationId: null },
        occurredAt: new Date(clock++),
      };
    });
    const partition = partitionOf(partitionKey(docs[0].streamId, docs[0].type, docs[0].data));
    await events.insertMany(docs, { ordered: false });
    const drawn = await heads.findOneAndUpdate({ _id: partitionId(partition) }, { $inc: { head: n } }, { upsert: true, returnDocument: 'after' });
    const first = drawn.head - n + 1;
    const at = new Date();
    await positions.insertMany(
      docs.map((doc, i) => ({ _id: positionId(partition, first + i), partition, seq: first + i, eventDocumentId: doc._id, eventId: doc.eventId, at })),
      { ordered: true },
    );
    lastSeq = drawn.head;
  }
  return lastSeq;
}

/** Appends one comment through the EventStore and resolves with the ms until every projector's checkpoint passed it. */
async function timeOneComment(database, monitor, data, timeoutMs) {
  const streamId = socialStreams.comment(data.comment_id);
  const started = performance.now();
  const [event] = await database.store.append(streamId, 0, [{ type: SocialEventType.CommentPosted, data }], { actor: data.user_id, correlationId: randomUUID(), causationId: null });
  const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
  const seq = await positionOf(database.db, partition, event.id);
  const at = await Promise.race([monitor.projectedAt(partition, seq), sleep(timeoutMs).then(() => null)]);
  return at === null ? null : at - started;
}

async function timeGet(url, headers, repeats) {
  const times = [];
  let bytes = 0;
  let status = 0;
  let items = null;
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
      const body = await response.text();
      times.push(performance.now() - started);
      bytes = body.length;
      status = response.status;
      if (i === 0) {
        try {
          const json = JSON.parse(body);
          items = json.comments?.length ?? json.replies?.length ?? null;
        } catch {
          items = null;
        }
      }
    } catch (error) {
      times.push(performance.now() - started);
      status = `error: ${error instanceof Error ? error.message : String(error)}`;
      break;
    }
  }
  return { firstMs: times[0] ?? null, p50Ms: quantile(times.slice(1), 0.5), bytes, status, items };
}

/**
 * From the projection so far (ms/event against the size), a function estimating the ms to append and project the
 * sizes from n1 to n2, with the cost per event taken as a + b·n (least squares); null with too few points.
 */
function projectionTimeEstimate(curve, appendMsPerEvent) {
  const points = curve.filter((p) => p.msPerEvent !== null);
  if (points.length < 2) return null;
  const k = points.length;
  const mx = points.reduce((sum, p) => sum + p.projected, 0) / k;
  const my = points.reduce((sum, p) => sum + p.msPerEvent, 0) / k;
  const sxx = points.reduce((sum, p) => sum + (p.projected - mx) ** 2, 0);
  const b = sxx === 0 ? 0 : Math.max(0, points.reduce((sum, p) => sum + (p.projected - mx) * (p.msPerEvent - my), 0) / sxx);
  const a = Math.max(0.1, my - b * mx);
  const estimate = (n1, n2) => a * (n2 - n1) + (b * (n2 * n2 - n1 * n1)) / 2 + (appendMsPerEvent ?? 0) * (n2 - n1);
  estimate.perEventAt = (n) => a + b * n;
  estimate.fit = { a, b };
  return estimate;
}

async function threadRun(local, services, budgetSeconds) {
  const stopBy = Date.now() + budgetSeconds * 1000;
  const name = 'bench_projections_thread';
  log(`Large thread and inbox (budget ${Math.round(budgetSeconds)} s, ${CONFIG.threadWorkers} worker process(es)): seeding a fresh database (${name})`);
  const database = await openDatabase(services, name);
  let procs = [];
  let monitor;
  try {
    const chapters = await seedCatalog(database.commands, 3);
    const port = await freePort();
    const api = local.spawn('api', process.execPath, ['backend/dist/main.js'], {
      env: { ...process.env, ...database.env, PORT: String(port), HOST: '127.0.0.1' },
      ready: /API listening/,
    });
    procs = [api, ...(await startWorkers(local, database.env, CONFIG.threadWorkers))];
    await Promise.race([api.started, sleep(120_000)]);
    const baseUrl = `http://127.0.0.1:${port}`;
    const projectors = await waitForProjectors(database.db);
    monitor = new LogMonitor(database.db, projectors);
    await monitor.drained(120_000);
    await monitor.start();

    // The big thread is chapter 1 of the first book; the inbox owner's other comment sits in a thread of another
    // partition, so a reply there measures the inbox (and a small thread) without queueing behind the big thread.
    const readers = makeReaders(CONFIG.readers);
    const owner = { id: randomUUID(), username: 'Inbox owner', emailHash: emailHash('owner@bench.test') };
    const big = { book_id: chapters[0].book_id, chapter_id: chapters[0].chapter_id };
    const bigPartition = partitionOf(`thread-${big.book_id}-${big.chapter_id}`);
    const small = chapters.map((c) => ({ book_id: c.book_id, chapter_id: c.chapter_id })).find((t) => partitionOf(`thread-${t.book_id}-${t.chapter_id}`) !== bigPartition);
    let n = 0;
    const commentData = (thread, author, parent) => ({
      comment_id: randomUUID(),
      book_id: thread.book_id,
      chapter_id: thread.chapter_id,
      parent_comment_id: parent?.comment_id ?? null,
      parent_user_id: parent?.user_id ?? null,
      user_id: author.id,
      username: author.username,
      email_hash: author.emailHash,
      comment_content: `Timed ${parent ? 'reply' : 'comment'} ${++n} from the projections benchmark.`,
    });
    const bigParent = commentData(big, owner, null);
    const smallParent = commentData(small, owner, null);
    await timeOneComment(database, monitor, bigParent, 60_000);
    await timeOneComment(database, monitor, smallParent, 60_000);
    const jwt = new JwtService({ secret: accessTokenKey({ authSecret: services.authSecret }), signOptions: { expiresIn: ACCESS_TOKEN_LIFETIME, algorithm: 'HS256' } });
    const any = () => readers[Math.floor(Math.random() * readers.length)];

    const stages = [];
    const projectionCurve = [];
    let reason = 'all sizes reached';
    // In the result from here on, so an interrupted run still reports the sizes it measured.
    result.thread = { workers: CONFIG.threadWorkers, extrapolation: null, bigThread: big, smallThread: small, stages, projectionCurve, stopReason: 'interrupted', parked: null, parkedLogLines: [] };

    const measure = async (size) => {
      const commentMs = [];
      const replyMs = [];
      let timeouts = 0;
      const sampleUntil = Math.min(stopBy, Date.now() + Math.max(20_000, (stopBy - Date.now()) / 3));
      for (let i = 0; i < CONFIG.threadSamples && Date.now() < sampleUntil; i++) {
        const timeout = Math.max(1000, Math.min(60_000, sampleUntil - Date.now()));
        const a = await timeOneComment(database, monitor, commentData(big, any(), null), timeout);
        if (a === null) timeouts++;
        else commentMs.push(a);
        const b = await timeOneComment(database, monitor, commentData(small, any(), { comment_id: smallParent.comment_id, user_id: owner.id }), timeout);
        if (b === null) timeouts++;
        else replyMs.push(b);
      }
      const token = jwt.sign({ sub: owner.id, username: owner.username, email: 'owner@bench.test', email_verified: true });
      const threadRead = await timeGet(`${baseUrl}/api/comment/show-comments?book_id=${big.book_id}&chapter_id=${big.chapter_id}&criteria=newest`, {}, 4);
      const inboxRead = await timeGet(`${baseUrl}/api/user/replies?pageNum=1`, { authorization: `Bearer ${token}` }, 4);
      const stage = {
        size,
        commentInThreadMs: { samples: commentMs.length, p50: quantile(commentMs, 0.5), p99: quantile(commentMs, 0.99) },
        replyToInboxMs: { samples: replyMs.length, p50: quantile(replyMs, 0.5), p99: quantile(replyMs, 0.99) },
        timeouts,
        threadRead,
        inboxRead,
      };
      stages.push(stage);
      log(
        `  size ${int(size)}: one more comment p50 ${ms(stage.commentInThreadMs.p50)} p99 ${ms(stage.commentInThreadMs.p99)}; one more reply p50 ${ms(stage.replyToInboxMs.p50)} ` +
          `p99 ${ms(stage.replyToInboxMs.p99)}; GET thread ${ms(threadRead.firstMs)} (${int(threadRead.bytes)} B), GET replies ${ms(inboxRead.firstMs)}`,
      );
    };

    await measure(0);
    let seeded = 0;
    let appendMsPerEvent = null;
    const reserveMs = () => Math.max(20_000, 0.2 * (stopBy - Date.now()));
    for (let target of CONFIG.threadSizes) {
      if (Date.now() > stopBy - reserveMs()) {
        reason = `time budget: no time left for ${int(target)}`;
        break;
      }
      // Will the projection of the next bulk fit in what is left? Projection time per event grows with the size when
      // a read-model document grows with it: fit ms/event = a + b·n on what was seen, and aim lower if it will not.
      const estimate = projectionTimeEstimate(projectionCurve, appendMsPerEvent);
      let last = false;
      if (estimate) {
        const available = stopBy - Date.now() - reserveMs();
        if (estimate(seeded, target) > available) {
          let reachable = seeded;
          for (let step = Math.max(1, Math.floor((target - seeded) / 2)); step >= 1; step = Math.floor(step / 2))
            while (reachable + step <= target && estimate(seeded, reachable + step) <= available) reachable += step;
          const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, reachable))) - 1);
          const rounded = Math.floor(reachable / magnitude) * magnitude;
          const note = `${int(target)} would take ≈${(estimate(seeded, target) / 60_000).toFixed(1)} min to project at the measured cost`;
          if (rounded - seeded < 100 || rounded < seeded * 1.5) {
            reason = `time budget: ${note}, more than is left`;
            log(`  ${reason}`);
            break;
          }
          log(`  ${note}: going to ${int(rounded)} instead, as far as the budget allows`);
          result.notes.push(`large thread: ${note}; measured at ${int(rounded)} instead`);
          target = rounded;
          last = true;
        }
      }
      const startedAppend = Date.now();
      const count = target - seeded;
      const lastSeq = await appendRepliesInBulk(database.db, count, { thread: big, parent: bigParent.comment_id, owner: owner.id, readers });
      appendMsPerEvent = (Date.now() - startedAppend) / count;
      const firstSeq = lastSeq - count + 1;
      log(`  appended ${int(count)} replies in bulk (${((Date.now() - startedAppend) / 1000).toFixed(1)} s); projecting…`);
      const baseCount = seeded;
      seeded = target;
      // Follow the projection of the bulk: the projected count every second, and the time per event between changes
      // (checkpoints move once per round of up to 100 events).
      const projectedNow = () => Math.max(0, monitor.minCheckpoint[bigPartition] - firstSeq + 1) + baseCount;
      let change = { t: performance.now(), n: projectedNow() };
      while (monitor.minCheckpoint[bigPartition] < lastSeq && Date.now() < stopBy) {
        await sleep(1000);
        const now = { t: performance.now(), n: projectedNow() };
        if (now.n === change.n) continue;
        projectionCurve.push({
          projected: now.n,
          msPerEvent: (now.t - change.t) / (now.n - change.n),
          perProjectorProjected: Object.fromEntries(projectors.map((p) => [p, Math.max(0, (monitor.byProjector.get(p)?.[bigPartition] ?? 0) - firstSeq + 1) + baseCount])),
        });
        change = now;
      }
      const reached = Math.min(target, projectedNow());
      if (reached < target) {
        reason = `time budget: ${int(reached)} of ${int(target)} bulk replies projected`;
        log(`  ${reason}`);
        break;
      }
      await measure(target);
      if (last) {
        reason = `time budget: stopped at ${int(target)}`;
        break;
      }
    }
    const parked = await database.db.collection(ProjectionCollection.Parked).countDocuments({});
    const largest = Math.max(...CONFIG.threadSizes);
    const fit = projectionTimeEstimate(projectionCurve, null);
    const measuredUpTo = Math.max(0, ...stages.map((stage) => stage.size));
    const extrapolation =
      fit && measuredUpTo < largest
        ? { size: largest, msPerEventAt: fit.perEventAt(largest), projectAllSeconds: fit(0, largest) / 1000, fitMsPerEvent: fit.fit, fromCurveUpTo: Math.max(...projectionCurve.map((p) => p.projected)) }
        : null;
    return Object.assign(result.thread, {
      extrapolation,
      stopReason: reason,
      parked,
      parkedLogLines: parkedLines(procs).slice(0, 5),
      pollErrors: monitor.pollErrors,
    });
  } finally {
    await monitor?.stop();
    await stopProcs(local, procs);
    await closeDatabase(database);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

function report(result) {
  const lines = [];
  lines.push('');
  lines.push(`Projections benchmark${QUICK ? ' (--quick)' : ''}, ${result.startedAt}: ${result.machine.cpus} CPUs, load average at start ${result.machine.loadAverageStart.map((l) => l.toFixed(2)).join(' ')}, at end ${result.machine.loadAverageEnd.map((l) => l.toFixed(2)).join(' ')}`);
  lines.push(`Embedded stack: FerretDB (SQLite) + Redis + MailDev, data in ${result.machine.dataDir}. Mix: ${Object.entries(MIX).map(([k, v]) => `${k} ${v * 100}%`).join(', ')} (chapter events: ${CONFIG.chapterPublishShare * 100}% publish a new chapter).`);
  const ref = result.storeReference;
  if (ref)
    lines.push(
      `Store reference (same run, scratch database): one insert ${fixed(ref.insert.p50Ms, 2)} ms, one replace ${fixed(ref.replace.p50Ms, 2)} ms, one read ${fixed(ref.read.p50Ms, 2)} ms (p50); ` +
        `${int(ref.replace.perSecond)} replaces/s one at a time, ${int(ref.replaceAt16.perSecond)}/s with 16 at once; ${int(ref.readAt16.perSecond)} _id reads/s with 16 at once; ` +
        `in bulk ${int(ref.bulkChangedPerSecond)} changed documents/s (replacements in commands of 40) and ${int(ref.bulkInsertedPerSecond)} inserted/s (commands of 1,000).`,
    );
  lines.push('Lag: append acknowledged → every projector past the event in its partition, seen by a checkpoint poll every ' + `${CONFIG.pollMs} ms (so figures are rounded up by up to ~${CONFIG.pollMs} ms). Depth: appended, not yet projected by all projectors.`);
  for (const run of result.scaling) {
    lines.push('');
    lines.push(`${run.workers} worker process(es), projectors ${run.projectors.join(', ')}:`);
    lines.push(
      table(
        ['offered/s', 'appended/s', 'append p99', 'projected/s', 'lag p50', 'lag p95', 'lag p99', 'samples', 'depth start→end', 'depth growth/s', 'slowest projector', 'load 1m', 'state'],
        run.steps.map((s) => [
          s.offeredPerSecond,
          fixed(s.appendedPerSecond),
          ms(s.appendMs.p99),
          fixed(s.projectedPerSecond),
          ms(s.lagMs.p50),
          ms(s.lagMs.p95),
          ms(s.lagMs.p99),
          `${s.lagMs.samples}${s.lagMs.unresolved ? ` (${s.lagMs.unresolved}≥)` : ''}`,
          `${int(s.depth.start)}→${int(s.depth.end)}`,
          fixed(s.depth.growthPerSecond),
          s.slowestProjector ?? '—',
          fixed(s.loadAverage1m, 2),
          s.saturated ? 'saturated' : s.appenderLimited ? 'appender-limited' : s.failedAppends ? `${s.failedAppends} failed` : 'ok',
        ]),
      ),
    );
    lines.push(
      `  stopped: ${run.stopReason}; sustained projected events/s at saturation: ${run.sustainedAtSaturationPerSecond === null ? 'not reached' : fixed(run.sustainedAtSaturationPerSecond)}; ` +
        `highest rate kept up with: ${run.highestUnsaturatedRate ?? '—'}/s; parked events: ${run.parked ?? '—'}`,
    );
    const ref = result.storeReference;
    for (const s of run.steps) {
      if (!s.storeCommands) continue;
      const top = Object.entries(s.storeCommands.byCollection).slice(0, 6).map(([key, n]) => `${key} ${int(n)}`).join(', ');
      lines.push(
        `  offered ${s.offeredPerSecond}/s: workers' store commands per projected event ${fixed(s.storeCommands.readsPerEvent)} reads + ${fixed(s.storeCommands.writesPerEvent)} writes; ` +
          `projected/s = ${ref ? fixed((100 * s.projectedPerSecond) / ref.bulkChangedPerSecond) : '—'} % of the store's bulk changed documents/s; ` +
          `CPU (share of a core) ${Object.entries(s.cpuShares ?? {}).map(([name, share]) => `${name} ${share === null ? '—' : fixed(share, 2)}`).join(', ')}; most: ${top}`,
      );
    }
    const appenderBound = run.steps.filter((s) => s.appenderLimited);
    if (appenderBound.length) lines.push(`  the appender (this one process, ${CONFIG.maxInFlight} appends in flight) could not offer ${appenderBound.map((s) => `${s.offeredPerSecond}/s`).join(', ')}: its event-loop delay p99 was ${appenderBound.map((s) => ms(s.benchEventLoopDelayP99Ms)).join(', ')}`);
  }
  const summary = result.scaling.map(
    (run) =>
      `N=${run.workers}: ${run.sustainedAtSaturationPerSecond === null ? 'not saturated' : `${fixed(run.sustainedAtSaturationPerSecond)}/s at saturation`}, ` +
      `peak ${fixed(run.maxProjectedPerSecond)}/s, kept up with ${run.highestUnsaturatedRate ?? '—'}/s offered`,
  );
  if (summary.length) lines.push(`\nProjected events/s: ${summary.join('; ')}`);
  if (summary.length && result.storeReference) {
    const ratios = result.scaling.map((run) => `N=${run.workers} ${fixed((100 * (run.sustainedAtSaturationPerSecond ?? run.maxProjectedPerSecond)) / result.storeReference.bulkChangedPerSecond)} %`);
    lines.push(`Projected events/s as a share of the store's bulk changed documents/s (${int(result.storeReference.bulkChangedPerSecond)}): ${ratios.join(', ')} (target ≥ 50 %)`);
  }
  const t = result.thread;
  if (t) {
    lines.push('');
    lines.push(`One more comment in a thread of n comments, one more reply in an inbox of n replies (${t.workers} worker process(es); append → every projector's checkpoint past it; ${CONFIG.threadSamples} samples each at most):`);
    const base = t.stages[0];
    lines.push(
      table(
        ['n', 'comment p50', 'comment p99', '×n=0', 'reply p50', 'reply p99', '×n=0', 'GET thread first', 'thread p50', 'thread bytes', 'GET replies first', 'replies p50'],
        t.stages.map((s) => [
          int(s.size),
          ms(s.commentInThreadMs.p50),
          ms(s.commentInThreadMs.p99),
          base?.commentInThreadMs.p50 && s.commentInThreadMs.p50 ? fixed(s.commentInThreadMs.p50 / base.commentInThreadMs.p50) : '—',
          ms(s.replyToInboxMs.p50),
          ms(s.replyToInboxMs.p99),
          base?.replyToInboxMs.p50 && s.replyToInboxMs.p50 ? fixed(s.replyToInboxMs.p50 / base.replyToInboxMs.p50) : '—',
          `${ms(s.threadRead.firstMs)}${s.threadRead.status === 200 ? '' : ` (${s.threadRead.status})`}`,
          ms(s.threadRead.p50Ms),
          int(s.threadRead.bytes),
          `${ms(s.inboxRead.firstMs)}${s.inboxRead.status === 200 ? '' : ` (${s.inboxRead.status})`}`,
          ms(s.inboxRead.p50Ms),
        ]),
      ),
    );
    const curve = t.projectionCurve.filter((p) => p.msPerEvent !== null);
    if (curve.length) {
      const picks = [...new Set([0, Math.floor(curve.length / 4), Math.floor(curve.length / 2), Math.floor((3 * curve.length) / 4), curve.length - 1])].map((i) => curve[i]);
      lines.push(`  projecting the bulk replies (thread and inbox growing together): ${picks.map((p) => `at n≈${int(p.projected)}: ${fixed(p.msPerEvent, 2)} ms/event`).join('; ')}`);
    }
    if (t.extrapolation) {
      const x = t.extrapolation;
      lines.push(
        `  EXTRAPOLATED, not measured: the projection cost per event fits ${fixed(x.fitMsPerEvent.a, 1)} + ${fixed(x.fitMsPerEvent.b, 4)}·n ms (seen up to n=${int(x.fromCurveUpTo)}); ` +
          `at n=${int(x.size)} that is ≈${ms(x.msPerEventAt)} per event, and ≈${fixed(x.projectAllSeconds / 3600, 1)} h to project all ${int(x.size)}.`,
      );
    }
    lines.push(`  stopped: ${t.stopReason}; parked events: ${t.parked ?? '—'}${t.parkedLogLines.length ? ` (e.g. ${t.parkedLogLines[0].slice(0, 200)})` : ''}`);
  }
  if (result.notes.length) lines.push('', ...result.notes.map((note) => `Note: ${note}`));
  lines.push('', `Whole run: ${(result.durationSeconds / 60).toFixed(1)} min. JSON: ${result.jsonFile}`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Main

const result = {
  startedAt: new Date().toISOString(),
  config: CONFIG,
  mix: MIX,
  machine: { cpus: cpus().length, loadAverageStart: loadavg(), loadAverageEnd: null, dataDir: null, node: process.version },
  storeReference: null,
  scaling: [],
  thread: null,
  notes: [],
  durationSeconds: null,
  jsonFile: null,
};
let finished = false;
/** Writes the JSON and prints the report of whatever has been measured (also when a signal cuts the run short). */
function finish() {
  if (finished) return;
  finished = true;
  result.machine.loadAverageEnd = loadavg();
  result.durationSeconds = (Date.now() - runStarted) / 1000;
  const dir = join(root, 'load-tests/results');
  mkdirSync(dir, { recursive: true });
  result.jsonFile = join('load-tests/results', `projections-${result.startedAt.slice(0, 19).replaceAll(':', '-')}${QUICK ? '-quick' : ''}.json`);
  writeFileSync(join(root, result.jsonFile), `${JSON.stringify(result, null, 2)}\n`);
  console.log(report(result));
}
const local = new LocalServices('shelf-bench-projections-', {
  onSignal: (signal) => {
    result.notes.push(`interrupted by ${signal}: the figures above are what was measured until then`);
    finish();
  },
});
result.machine.dataDir = local.dataDir;
let exitCode = 0;
try {
  log(`Starting FerretDB, Redis and MailDev on free ports (data in ${local.dataDir})`);
  const services = { ...(await local.startServices()), authSecret: randomUUID() + randomUUID() };
  result.storeReference = await storeReference(services.storeUrl);
  const ref = result.storeReference;
  log(
    `Store reference: insert ${fixed(ref.insert.p50Ms, 2)} ms, replace ${fixed(ref.replace.p50Ms, 2)} ms (${int(ref.replace.perSecond)}/s one at a time, ${int(ref.replaceAt16.perSecond)}/s 16 at a time), ` +
      `read ${fixed(ref.read.p50Ms, 2)} ms (${int(ref.readAt16.perSecond)}/s 16 at a time); bulk: ${int(ref.bulkChangedPerSecond)} changed documents/s, ${int(ref.bulkInsertedPerSecond)} inserted/s`,
  );
  const threadBudget = Math.min(CONFIG.threadBudgetSeconds, CONFIG.totalBudgetSeconds * 0.45);
  const scalingStopBy = deadline - (threadBudget + 30) * 1000;
  for (const workers of CONFIG.workers) {
    if (Date.now() > scalingStopBy - 30_000) {
      result.notes.push(`skipped ${workers} worker process(es): time budget`);
      continue;
    }
    const run = {
      workers,
      projectors: [],
      steps: [],
      stopReason: 'interrupted',
      sustainedAtSaturationPerSecond: null,
      highestUnsaturatedRate: null,
      maxProjectedPerSecond: null,
      mixCounts: null,
      pollErrors: null,
      parked: null,
      parkedLogLines: [],
    };
    result.scaling.push(run);
    try {
      await scalingRun(local, services, run, scalingStopBy);
    } catch (error) {
      run.stopReason = 'failed';
      result.notes.push(`the run with ${workers} worker process(es) failed: ${error instanceof Error ? error.message : String(error)}`);
      log(`  failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  if (CONFIG.threadSizes.length > 0) {
    try {
      result.thread = await threadRun(local, services, Math.max(20, Math.min(threadBudget, secondsLeft() - 20)));
    } catch (error) {
      result.notes.push(`the large thread/inbox run failed: ${error instanceof Error ? error.message : String(error)}`);
      log(`  failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
} catch (error) {
  exitCode = 1;
  result.notes.push(`the benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(error);
} finally {
  finish();
  await local.stopAll();
}
process.exit(exitCode);
