// Whole comment threads and their pages (issue 34): `GET /api/comment/show-comments` of a thread of 10,000 and of
// 100,000 comments, whole (the spec's answer) and a page at a time (`limit`, `after`), what one more comment or
// like costs the comment-threads projector at each size, and what one more reply costs the reply-inbox projector for a
// reader with that many replies (all in one thread, so in one part of their inbox: the largest a part gets). On the embedded stack (FerretDB, Redis, MailDev on free
// loopback ports, throw-away data) with the API and one worker process.
//
// It first measures the store's own limits in the same run (`_id` lookups/s one at a time and 16 at once, insertMany
// documents/s, and reads/s of a stored comment page, in comments/s), then gives each figure with its ratio to them.
//
// The threads are built by the production projector itself, as `npm run projections:rebuild` builds them: this
// process applies comment.posted.v1 events (and likes on 5 % of the comments, and name changes of 1 % of the authors)
// through the workers' CommentThreadsProjector into write buffers, which write the read models in bulk. That is the
// projection code live workers run, without the log: projecting 100,000 comments one batch after another would take
// minutes. The authors have accounts (rm_users, inserted in bulk) and the chapters are published through the catalog
// commands, so the API answers as it would on a site.
//
// Usage: node load-tests/bench/thread-reads.mjs [--quick]   (build first: npx tsc -b)
// Overrides (environment): SIZES=10000,100000 (--quick: 2000,10000)  AUTHORS=2000  REQUESTS=30  PAGE=200.
// The figures go to stdout and to load-tests/results/thread-reads-<date>.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeDatabase, openDatabase, seedCatalog } from './lib/bench-database.mjs';
import { makeReaders } from './lib/comments.mjs';
import { quantile, timed } from './lib/figures.mjs';
import { benchEnv, freePort, LocalServices, root, UNLIMITED_API } from './lib/local-services.mjs';
import { buildThread, commentEntryLike, likedEvent, metadata, postedEvent, projection } from './thread-reads/threads.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');
const contracts = require(join(root, 'contracts/dist/index.js'));
const { AccountEventType, AccountReadModelCollection, threadId, toCommentView } = contracts;
const { CommentThreads } = require(join(root, 'backend/dist/modules/comments/infrastructure/comment-threads.js'));

const QUICK = process.argv.includes('--quick');
const SIZES = (process.env.SIZES ?? (QUICK ? '2000,10000' : '10000,100000')).split(',').map(Number);
const AUTHORS = Number(process.env.AUTHORS ?? 2000);
const REQUESTS = Number(process.env.REQUESTS ?? (QUICK ? 10 : 30));
const PAGE = Number(process.env.PAGE ?? 200);
const SAMPLES = QUICK ? 10 : 40;

const started = Date.now();
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const ms = (value) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const int = (value) => Math.round(value).toLocaleString('en-US');
const pct = (value) => `${(100 * value).toFixed(0)} %`;

/**
 * A reader's reply inbox of `size` replies in one thread (one part), built in one batch by the reply-inbox projector,
 * then one more reply at a time, each its own batch as a partition's consumer applies it (prefetch, apply, flush).
 */
async function oneMoreReply(applyInbox, thread, authors, size) {
  const [owner, ...repliers] = authors;
  let clock = Date.now() - (size + 1) * 1000;
  const root = postedEvent(thread, owner, null, clock);
  const replies = Array.from({ length: size }, (_, n) => postedEvent(thread, repliers[n % repliers.length], root, (clock += 1000)));
  const t = performance.now();
  await applyInbox(replies, { fresh: true });
  const buildSeconds = (performance.now() - t) / 1000;
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const one = await applyInbox([postedEvent(thread, repliers[i % repliers.length], root, Date.now())], { fresh: false });
    times.push(one.applyMs + one.flushMs);
  }
  return { buildSeconds, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

// ---------------------------------------------------------------------------------------------------------------
// The store's own limits

async function storeLimits(storeUrl) {
  const client = await MongoClient.connect(`${storeUrl}bench_store_limits`);
  const db = client.db();
  try {
    const small = db.collection('small');
    await small.insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: `d${i}`, i, text: 'x'.repeat(200) })));
    const lookups1 = await timed(1000, 1, (i) => small.findOne({ _id: `d${i % 500}` }));
    const lookups16 = await timed(2000, 16, (i) => small.findOne({ _id: `d${i % 500}` }));
    const bulk = db.collection('bulk');
    const entries = Array.from({ length: 10_000 }, (_, i) => ({ _id: `e${i}`, ...commentEntryLike(i) }));
    const t = performance.now();
    for (let i = 0; i < entries.length; i += 1000) await bulk.insertMany(entries.slice(i, i + 1000), { ordered: false });
    const insertManyPerSecond = entries.length / ((performance.now() - t) / 1000);
    // A stored comment page as the projector writes it (200 comments, packed), read 16 at once: the ceiling of a whole
    // thread's reads, in comments/s.
    const { emptyCommentPage, withComment } = require(join(root, 'read-model-formats/dist/index.js'));
    const page = Array.from({ length: contracts.COMMENT_PAGE_ITEMS }, (_, i) => commentEntryLike(i)).reduce((doc, entry) => withComment(doc, entry), emptyCommentPage('p'));
    const pages = db.collection('pages');
    await pages.insertMany(Array.from({ length: 50 }, (_, i) => ({ ...page, _id: `p${i}` })));
    const pageReads = await timed(400, 16, (i) => pages.findOne({ _id: `p${i % 50}` }));
    return {
      lookupsPerSecond: lookups1.perSecond,
      lookupsAt16PerSecond: lookups16.perSecond,
      insertManyDocsPerSecond: insertManyPerSecond,
      pageReadsAt16PerSecond: pageReads.perSecond,
      pageCommentsPerSecond: pageReads.perSecond * contracts.COMMENT_PAGE_ITEMS,
      pageBytes: page.packed.length + page.loose.length,
    };
  } finally {
    await db.dropDatabase().catch(() => undefined);
    await client.close();
  }
}


// ---------------------------------------------------------------------------------------------------------------
// Measurements

/** A GET as a browser makes it (the encodings Chromium accepts), or `plain` (identity) to leave compression out. */
async function get(url, { plain = false } = {}) {
  const t = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000), headers: { 'accept-encoding': plain ? 'identity' : 'gzip, deflate, br, zstd' } });
  const body = await response.text();
  return { ms: performance.now() - t, status: response.status, bytes: Buffer.byteLength(body), body };
}

/**
 * `count` requests of `url` one after another, after a first one (`cold`: this API process has read none of the
 * thread's pages yet when it is the thread's first request), each after `between()` (a like: the thread changes).
 * Resolves with the first's ms, p50, p95, max, statuses and bytes of the others.
 */
async function requests(url, count, { between = async () => undefined, plain = false } = {}) {
  const cold = await get(url, { plain });
  const answers = [];
  for (let i = 0; i < count; i++) {
    await between();
    answers.push(await get(url, { plain }));
  }
  const times = answers.map((answer) => answer.ms);
  const statuses = [...new Set(answers.map((answer) => answer.status))].join(', ');
  return { coldMs: cold.ms, coldStatus: cold.status, p50: quantile(times, 0.5), p95: quantile(times, 0.95), max: Math.max(...times), statuses, bytes: answers[0].bytes, body: answers[0].body };
}

/**
 * Where a whole thread's time goes in the API's own code, run here on a reader that keeps no pages (every page read
 * from the store): reading and unpacking, sorting, views, JSON. The median of 3.
 */
async function breakdown(db, thread) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const threads = new CommentThreads({ collection: (name) => db.collection(name) });
    const t0 = performance.now();
    const entries = await threads.comments(thread);
    const t1 = performance.now();
    entries.sort((a, b) => b.like_count - a.like_count || (a.comment_time < b.comment_time ? 1 : a.comment_time > b.comment_time ? -1 : 0));
    const t2 = performance.now();
    const views = entries.map((entry) => toCommentView(entry));
    const t3 = performance.now();
    const json = JSON.stringify({ comments: views });
    const t4 = performance.now();
    runs.push({ readMs: t1 - t0, sortMs: t2 - t1, viewsMs: t3 - t2, jsonMs: t4 - t3, jsonBytes: json.length });
  }
  return runs.sort((a, b) => a.readMs - b.readMs)[1];
}

/** One more comment (and one more like of the thread's first comment) through the projector, each its own batch. */
async function oneMore(apply, thread, authors, first) {
  const comment = [];
  const like = [];
  for (let i = 0; i < SAMPLES; i++) {
    const post = await apply([postedEvent(thread, authors[i % authors.length], null, Date.now())], { fresh: false });
    comment.push(post.applyMs + post.flushMs);
    const liked = await apply([likedEvent(first, { id: randomUUID() }, Date.now())], { fresh: false });
    like.push(liked.applyMs + liked.flushMs);
  }
  return { commentP50: quantile(comment, 0.5), commentP99: quantile(comment, 0.99), likeP50: quantile(like, 0.5), likeP99: quantile(like, 0.99) };
}

// ---------------------------------------------------------------------------------------------------------------

const local = new LocalServices('bench-thread-reads-');
const result = { startedAt: new Date().toISOString(), config: { sizes: SIZES, authors: AUTHORS, requests: REQUESTS, page: PAGE, quick: QUICK }, sizes: [] };
try {
  const services = { ...(await local.startServices()), authSecret: randomUUID() + randomUUID() };
  log('The store alone (same run, a scratch database):');
  const limits = await storeLimits(services.storeUrl);
  result.storeLimits = limits;
  log(`  _id lookups: ${int(limits.lookupsPerSecond)}/s one at a time, ${int(limits.lookupsAt16PerSecond)}/s 16 at once`);
  log(`  insertMany: ${int(limits.insertManyDocsPerSecond)} comment-sized documents/s`);
  log(`  a stored comment page (${int(limits.pageBytes)} B, 200 comments) 16 at once: ${int(limits.pageReadsAt16PerSecond)} pages/s = ${int(limits.pageCommentsPerSecond)} comments/s`);

  const env = benchEnv(services, 'bench_thread_reads', { queuePrefix: 'bench-thread-reads', ...UNLIMITED_API });
  const database = await openDatabase(env);
  const { db } = database;
  const catalog = { books: 1, minChapters: SIZES.length, maxChapters: SIZES.length, minWordsPerChapter: 200, maxWordsPerChapter: 300, seed: 34, now: new Date() };
  const chapters = await seedCatalog(database.commands, catalog, 'thread-reads-benchmark');
  const port = await freePort();
  const api = local.spawn('api', process.execPath, ['backend/dist/main.js'], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, ready: /API listening/ });
  const workers = local.spawn('workers', process.execPath, ['workers/dist/main.js'], { env: { ...process.env, ...env }, ready: /Workers are consuming/ });
  await Promise.all([api.started, workers.started]);
  const base = `http://127.0.0.1:${port}/api/comment/show-comments`;
  // The workers project the catalog; the threads' chapters must be there for the API to answer.
  for (const chapter of chapters) while ((await get(`${base}?book_id=${chapter.book_id}&chapter_id=${chapter.chapter_id}`)).status !== 200) await new Promise((r) => setTimeout(r, 250));

  const authors = makeReaders(AUTHORS, 'Reader');
  await db.collection(AccountReadModelCollection.Users).insertMany(authors.map((a) => ({ _id: a.id, username: a.username, operator: false, suspension: null, version: 1 })));
  const { apply } = projection(db);
  const { apply: applyInbox } = projection(db, { inbox: true });

  for (const [i, size] of SIZES.entries()) {
    const thread = { book_id: chapters[i].book_id, chapter_id: chapters[i].chapter_id };
    log(`Thread of ${int(size)} comments by ${int(AUTHORS)} authors (${threadId(thread)}): building it through the projector…`);
    const t = performance.now();
    const posts = await buildThread(apply, thread, size, authors);
    const buildSeconds = (performance.now() - t) / 1000;
    // 1 % of the authors change their name afterwards: the API must show the new one on their comments.
    const renamed = authors.filter((_, n) => n % 100 === i);
    for (const a of renamed) await db.collection(AccountReadModelCollection.Users).updateOne({ _id: a.id }, { $set: { username: `${a.username} (renamed ${size})`, version: 2 + i } });
    await apply(renamed.map((a) => ({
      id: randomUUID(), streamId: `user-${a.id}`, version: 2 + i, type: AccountEventType.UsernameChanged, occurredAt: new Date().toISOString(), metadata: metadata(a.id),
      data: { userId: a.id, username: `${a.username} (renamed ${size})` },
    })), { fresh: false });
    log(`  built in ${buildSeconds.toFixed(1)} s (${int(size / buildSeconds)} comments/s through the projector and write buffers)`);

    const query = `${base}?book_id=${thread.book_id}&chapter_id=${thread.chapter_id}`;
    // Between two requests one more like of a random comment: a thread being read is a thread readers act on.
    const likeOne = () => apply([likedEvent(posts[Math.floor(Math.random() * posts.length)], { id: randomUUID() }, Date.now())], { fresh: false });
    const count = size >= 100_000 ? Math.ceil(REQUESTS / 2) : REQUESTS;
    const whole = await requests(`${query}&criteria=likes`, count, { between: likeOne });
    const parsed = JSON.parse(whole.body);
    const wrongNames = renamed.filter((a) => parsed.comments?.some((c) => c.user_id === a.id && !c.username.endsWith(`(renamed ${size})`))).length;
    delete whole.body;
    const plain = await requests(`${query}&criteria=likes`, 5, { plain: true });
    delete plain.body;
    const newest = await requests(`${query}&criteria=newest`, 5);
    delete newest.body;
    const first = await requests(`${query}&criteria=newest&limit=${PAGE}`, REQUESTS, { between: likeOne });
    const firstPage = JSON.parse(first.body);
    delete first.body;
    const middleCursor = posts[Math.floor(size / 2)].data.comment_id;
    const middle = await requests(`${query}&criteria=oldest&limit=${PAGE}&after=${middleCursor}`, REQUESTS, { between: likeOne });
    delete middle.body;
    const parts = await breakdown(db, thread);
    const cost = await oneMore(apply, thread, authors, posts[0]);
    const reply = await oneMoreReply(applyInbox, thread, authors, size);
    const stage = {
      size, buildSeconds, whole, plain, newest, firstPage: first, middlePage: middle, comments: parsed.comments?.length ?? null, wrongNames, breakdown: parts, oneMore: cost, oneMoreReply: reply,
      paging: { next_after: firstPage.next_after ?? null, total_comments: firstPage.total_comments ?? null },
    };
    result.sizes.push(stage);
    const shown = stage.comments ?? 0;
    const pages = Math.ceil(size / 200);
    const coldStoreMs = (pages / limits.pageReadsAt16PerSecond) * 1000;
    log(`  whole thread (criteria=likes, ${int(shown)} comments, ${int(whole.bytes)} B of JSON), compressed as a browser takes it, a like between two requests:`);
    log(`    first request (no page kept yet): ${ms(whole.coldMs)} [${whole.coldStatus}]; the store alone reads its ${int(pages)} pages in ${ms(coldStoreMs)} (${pct(coldStoreMs / whole.coldMs)} of it)`);
    log(`    then: p50 ${ms(whole.p50)}, p95 ${ms(whole.p95)}, max ${ms(whole.max)} [${whole.statuses}] = ${int(shown / (whole.p50 / 1000))} comments/s, ${(shown / (whole.p50 / 1000) / limits.pageCommentsPerSecond).toFixed(1)}× the store's page reads`);
    log(`    without compression: first ${ms(plain.coldMs)}, then p50 ${ms(plain.p50)}, p95 ${ms(plain.p95)}; criteria=newest p50 ${ms(newest.p50)}, p95 ${ms(newest.p95)}`);
    log(`    renamed authors shown by an old name: ${wrongNames} of ${renamed.length}`);
    log(`  store reads per request: 1 head, ${AUTHORS > 16 ? '16 name-change heads' : `${AUTHORS} accounts`}, and the pages not kept (all ${int(pages)} the first time, then those changed)`);
    log(`  in the API's code with no page kept: read and unpack ${ms(parts.readMs)}, sort ${ms(parts.sortMs)}, views ${ms(parts.viewsMs)}, JSON ${ms(parts.jsonMs)} (${int(parts.jsonBytes)} B)`);
    log(`  first page (limit=${PAGE}, newest): first ${ms(first.coldMs)}, then p50 ${ms(first.p50)}, p95 ${ms(first.p95)} [${first.statuses}], ${int(first.bytes)} B; next_after ${stage.paging.next_after ? 'given' : 'none'}, total_comments ${stage.paging.total_comments}`);
    log(`  a middle page (limit=${PAGE}, oldest, after the ${int(size / 2)}th): p50 ${ms(middle.p50)}, p95 ${ms(middle.p95)} [${middle.statuses}] (${pct(middle.p50 / whole.p50)} of a whole thread's)`);
    const lookupMs = 1000 / limits.lookupsPerSecond;
    log(`  one more comment through the projector (its own batch, flushed): p50 ${ms(cost.commentP50)}, p99 ${ms(cost.commentP99)} (${(cost.commentP99 / lookupMs).toFixed(0)}× one _id lookup of ${ms(lookupMs)});`);
    log(`    one more like of the first comment: p50 ${ms(cost.likeP50)}, p99 ${ms(cost.likeP99)} (${(cost.likeP99 / lookupMs).toFixed(0)}×); a batch of one event reads and writes each of its documents once`);
    log(`  one more reply to a reader with ${int(size)} replies in one part of their inbox (built in ${reply.buildSeconds.toFixed(1)} s), its own batch through the reply-inbox projector: p50 ${ms(reply.p50)}, p99 ${ms(reply.p99)} (${(reply.p99 / lookupMs).toFixed(0)}× one _id lookup)`);
  }
  await closeDatabase(database);
} finally {
  mkdirSync(join(root, 'load-tests/results'), { recursive: true });
  const file = join('load-tests/results', `thread-reads-${result.startedAt.slice(0, 19).replaceAll(':', '-')}${QUICK ? '-quick' : ''}.json`);
  writeFileSync(join(root, file), JSON.stringify(result, null, 2));
  console.log(`Figures written to ${file}`);
  await local.stopAll();
}
