// Acknowledged writes through the API (issue 34): READERS readers at once liking and commenting, RATE writes a second
// between them (each reader at RATE / READERS a second, waiting for its answer before its next write; RATE=max: each as
// fast as the API acknowledges), for DURATION seconds, on the whole site (`scripts/start.mjs`: API, workers, embedded
// store).
//
// It first measures the store's own limits in the same run (lib/store-limits.mjs), then the writes: story likes and
// unlikes, comment likes and unlikes, and comments and replies. Each reader has an account registered through the API,
// which comments whenever its 30-second cooldown allows (first at a random moment of the first 30 s); its likes go out
// under signed access tokens of fresh readers, a new one every LIKES_PER_READER likes, so that the per-reader like
// limit (60 a minute, a product rule) is never what is measured. It prints, for each kind and in all, acknowledged
// writes/s, the answer's latency (p50/p95/p99), the answers of 503 (the store seen stalled) and any other answer; the
// ratios of the acknowledged writes to the store's limits; the store's commands per acknowledged write (FerretDB's
// serverStatus: every client, workers included); the CPU of the store, the API and the workers; and how long until the
// workers had projected every write (GET /api/health's projection lag back to 0, waited for PROJECTION_WAIT seconds).
//
// Usage: node load-tests/bench/api-writes.mjs   (build first).
// Overrides (environment): READERS=100 RATE=400 DURATION=20 PROJECTION_WAIT=180.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { sampleCpu, siteProcesses } from '../runner/process-cpu.mjs';
import { percentiles, registerReader } from './lib/readers.mjs';
import { startSite, waitUntil } from './lib/site.mjs';
import { describeStoreLimits, measureStoreLimits } from './lib/store-limits.mjs';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongodb');
const { JwtService } = require('@nestjs/jwt');
const { readStoreRestarts } = require('../../server-config/dist/store-restarts.js');
const { accessTokenKey, ACCESS_TOKEN_LIFETIME } = require('../../backend/dist/modules/accounts/api/access-token-key.js');

const READERS = Number(process.env.READERS ?? 100);
const RATE = process.env.RATE ?? '400';
/** Between two writes of one reader. */
const INTERVAL_MS = RATE === 'max' ? 0 : (1000 * READERS) / Number(RATE);
const DURATION_MS = 1000 * Number(process.env.DURATION ?? 20);
const PROJECTION_WAIT_MS = 1000 * Number(process.env.PROJECTION_WAIT ?? 180);
/** Below half the like limit (60 a minute): the API's rate limit lets these through without waiting for Redis. */
const LIKES_PER_READER = 25;
/** Registrations under way at once (each hashes a password twice on the API). */
const REGISTERING = 8;
const REPLY_SHARE = 0.3;
/** A reader's comments are 30 s apart at least (a product rule). */
const COOLDOWN_MS = 30_500;
const COMMENT_LIKE_SHARE = 0.45;

const KINDS = ['story like', 'comment like', 'comment'];
/** What every answer must come within, store fault or not (issue 44). */
const ANSWER_BUDGET_MS = 3000;

const site = await startSite('bench-api-writes');
try {
  const limits = await measureStoreLimits(site.env.MONGO_URL);
  console.log(describeStoreLimits(limits));

  const api = async (method, path, body, token) => {
    const response = await fetch(`${site.baseUrl}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const health = async () => (await api('GET', 'health')).body;
  const lagOf = (report) => (typeof report?.projectionLag === 'number' ? report.projectionLag : Infinity);
  const home = (await api('GET', '')).body;
  const bookIds = [...new Set([...home.latestBooks, ...home.randomBLBooks, ...home.randomNonBLBooks].map((book) => book.book_id))];
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const jwt = new JwtService({ secret: accessTokenKey({ authSecret: site.env.AUTH_SECRET }), signOptions: { expiresIn: ACCESS_TOKEN_LIFETIME, algorithm: 'HS256' } });
  let signed = 0;
  const freshLiker = () => {
    const id = randomUUID();
    const n = signed++;
    return { token: jwt.sign({ sub: id, username: `Bench liker ${n}`, email: `liker${n}@bench.test`, email_verified: true }), likes: 0, liked: new Set() };
  };

  const registering = performance.now();
  const commenters = [];
  for (let i = 0; i < READERS; i += REGISTERING) {
    const batch = Array.from({ length: Math.min(REGISTERING, READERS - i) }, (_, j) => registerReader(site.baseUrl, site.mailUrl, `Bench${i + j}`));
    commenters.push(...(await Promise.all(batch)));
  }
  console.log(`${READERS} commenters registered through the API in ${((performance.now() - registering) / 1000).toFixed(1)} s`);

  const results = new Map(KINDS.map((kind) => [kind, { latencies: [], statuses: new Map() }]));
  /** Comments posted in this run, for replies and comment likes. */
  const posted = [];
  const write = async (kind, path, body, token) => {
    const started = performance.now();
    let answer;
    try {
      answer = await api('POST', path, body, token);
    } catch (error) {
      answer = { status: `network error (${error.cause?.code ?? error.message})`, body: null };
    }
    const result = results.get(kind);
    result.latencies.push(performance.now() - started);
    result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
    return answer;
  };
  const toggle = async (liker, kind, key, likePath, unlikePath, body) => {
    const unlike = liker.liked.has(key);
    const { status } = await write(kind, unlike ? unlikePath : likePath, body, liker.token);
    if (status !== 200) return;
    if (unlike) liker.liked.delete(key);
    else liker.liked.add(key);
  };

  const session = async (commenter, until) => {
    let liker = freshLiker();
    // Each reader's first comment at a random moment of the first cooldown, so that comments come evenly.
    let nextPost = performance.now() + Math.random() * COOLDOWN_MS;
    // Readers start spread over one interval, then keep to their pace (never catching up on a late answer in a burst).
    let next = performance.now() + Math.random() * INTERVAL_MS;
    while (next < until) {
      await new Promise((resolve) => setTimeout(resolve, next - performance.now()));
      next = Math.max(next + INTERVAL_MS, performance.now());
      if (performance.now() >= nextPost) {
        const parent = posted.length > 0 && Math.random() < REPLY_SHARE ? pick(posted) : null;
        const book_id = parent?.book_id ?? pick(bookIds);
        const comment_content = `Benchmark comment from ${commenter.user?.username ?? 'a reader'}: this chapter stays with me, truly.`;
        const { status, body } = await write('comment', 'comment/post-comments', { book_id, chapter_id: null, parent_comment_id: parent?.comment_id ?? null, comment_content }, commenter.token);
        if (status === 200 && body?.comment_id) posted.push({ comment_id: body.comment_id, book_id });
        nextPost = performance.now() + COOLDOWN_MS;
        continue;
      }
      if (liker.likes++ >= LIKES_PER_READER) liker = freshLiker();
      if (posted.length > 0 && Math.random() < COMMENT_LIKE_SHARE) {
        const { comment_id } = pick(posted);
        await toggle(liker, 'comment like', comment_id, 'comment/like-comments', 'comment/delete-like-comments', { comment_id });
      } else {
        const book_id = pick(bookIds);
        await toggle(liker, 'story like', book_id, 'like/like-book', 'like/remove-like-book', { book_id });
      }
    }
  };

  const cpu = sampleCpu(siteProcesses(Number(site.processEnv.PORT)));
  const store = await MongoClient.connect(site.env.MONGO_URL, { maxPoolSize: 1 });
  const storeCommands = async () => {
    const { metrics } = await store.db().admin().command({ serverStatus: 1 });
    return Object.values(metrics.commands).reduce((sum, { total }) => sum + total, 0);
  };
  try {
    const pace = RATE === 'max' ? 'each as fast as the API acknowledges' : `${RATE} writes/s offered`;
    console.log(`${READERS} readers liking and commenting at once, ${pace}, for ${DURATION_MS / 1000} s on ${bookIds.length} books`);
    const commandsBefore = await storeCommands();
    const startedAt = Date.now();
    const started = performance.now();
    await Promise.all(commenters.map((commenter) => session(commenter, started + DURATION_MS)));
    const seconds = (performance.now() - started) / 1000;
    const endedAt = Date.now();
    const commands = (await storeCommands()) - commandsBefore;

    let acknowledged = 0;
    let unavailable = 0;
    const all = [];
    for (const [kind, { latencies, statuses }] of results) {
      const ok = statuses.get(200) ?? 0;
      acknowledged += ok;
      unavailable += statuses.get(503) ?? 0;
      all.push(...latencies);
      const failed = [...statuses].filter(([status]) => status !== 200);
      console.log(
        `  ${kind.padEnd(12)} ${String(ok).padStart(6)} acknowledged = ${(ok / seconds).toFixed(0).padStart(4)}/s; ` +
          `latency ${latencies.length ? percentiles(latencies) : '-'}; 503 × ${statuses.get(503) ?? 0}; ` +
          `other answers: ${failed.filter(([status]) => status !== 503).map(([status, n]) => `${status} × ${n}`).join(', ') || 'none'}`,
      );
    }
    const perSecond = acknowledged / seconds;
    console.log(`  ${'all'.padEnd(12)} ${String(acknowledged).padStart(6)} acknowledged = ${perSecond.toFixed(0).padStart(4)}/s; latency ${percentiles(all)}; 503 × ${unavailable}`);
    console.log(`answers later than ${ANSWER_BUDGET_MS / 1000} s: ${all.filter((ms) => ms > ANSWER_BUDGET_MS).length} of ${all.length}`);
    console.log(
      `ratios to the store's limits: ${((100 * perSecond) / limits.singleUpdatesPerSecond).toFixed(0)} % of its single updates/s, ` +
        `${((100 * perSecond) / limits.idReadsPerSecond).toFixed(0)} % of its _id reads/s, ${((100 * perSecond) / limits.insertManyDocsPerSecond).toFixed(1)} % of its bulk-inserted docs/s`,
    );
    console.log(`store commands (API and workers together): ${commands} = ${(commands / seconds).toFixed(0)}/s, ${(commands / acknowledged).toFixed(1)} per acknowledged write`);
    const usage = cpu.usage(startedAt, endedAt);
    if (usage) {
      const roles = Object.entries(usage.roles).filter(([, percent]) => percent >= 1);
      console.log(`CPU (% of one core, ${usage.cores.toFixed(0)} cores): ${roles.map(([role, percent]) => `${role} ${percent.toFixed(0)} %`).join(', ')}; machine ${usage.machine.toFixed(0)} %`);
    }

    try {
      await waitUntil(async () => lagOf(await health()) === 0, PROJECTION_WAIT_MS, 'the workers to project every write');
      const projectedIn = (performance.now() - started) / 1000;
      console.log(`all projected (health: projection lag 0) ${projectedIn.toFixed(1)} s after the first write: ${(acknowledged / projectedIn).toFixed(0)} events/s end to end`);
      console.log(await likeCountsAgainstTheLog(store.db(), bookIds, api));
    } catch {
      console.log(`not all projected within ${PROJECTION_WAIT_MS / 1000} s of the last write: projection lag ${lagOf(await health())}`);
    }
  } finally {
    cpu.stop();
    await store.close();
  }
  console.log(`store restarts by its supervisor: ${readStoreRestarts(site.env.STORE_RESTARTS_FILE)?.total ?? 'not supervised'}`);
} finally {
  await site.stop();
}

/** Whether every book's like count (the API's answer) equals the log's: the story-like streams whose last event is a like. */
async function likeCountsAgainstTheLog(db, bookIds, api) {
  const last = new Map();
  const likes = db.collection('events').find({ type: { $in: ['story.liked.v1', 'story.unliked.v1'] } }, { projection: { streamId: 1, version: 1, type: 1, 'data.book_id': 1 } });
  for await (const event of likes) if ((last.get(event.streamId)?.version ?? 0) < event.version) last.set(event.streamId, event);
  const inLog = new Map(bookIds.map((id) => [id, 0]));
  for (const event of last.values()) if (event.type === 'story.liked.v1') inLog.set(event.data.book_id, (inLog.get(event.data.book_id) ?? 0) + 1);
  const differ = [];
  for (const bookId of bookIds) {
    const shown = (await api('GET', `like/show-visitor-like-count?book_id=${bookId}`)).body?.likeCount?.like_count;
    if (shown !== inLog.get(bookId)) differ.push(`book ${bookId}: ${shown} shown, ${inLog.get(bookId)} in the log`);
  }
  return `like counts against the log (${last.size} story-like streams): ${differ.length === 0 ? `all ${bookIds.length} books equal` : differ.join('; ')}`;
}
