// "Download my data" of a very active reader (issue 46, item 10): a reader with 10,000 comments (5 % of them edited)
// downloads the JSON file and the readable summary; the figures are the time to the first byte, the whole time, the
// size, and the API process's peak resident memory while it answers. On the embedded stack (FerretDB, Redis, MailDev
// on free loopback ports, throw-away data) with the API alone.
//
// The reader registers and logs in through the API. Their comments are appended through the event store (sealed as the
// API seals them) and projected into the read models the export reads (reader-activity, moderation) by the production
// projectors in this process, through write buffers, as a rebuild writes them: projecting 10,000 comments through the
// workers one batch after another would take minutes and measure the workers, not the export.
//
// Usage: node load-tests/bench/data-export.mjs   (build first: npx tsc -b)
// Overrides (environment): COMMENTS=10000  EXPORTS=2 (of each form, one after another).
// The figures go to stdout and to load-tests/results/data-export-<date>.json.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeDatabase, openDatabase, seedCatalog } from './lib/bench-database.mjs';
import { commentPosted, emailHash } from './lib/comments.mjs';
import { quantile, saveFigures } from './lib/figures.mjs';
import { benchEnv, freePort, LocalServices, root, UNLIMITED_API } from './lib/local-services.mjs';

const require = createRequire(import.meta.url);
const { SocialEventType, partitionKey, partitionOf, socialStreams } = require(join(root, 'contracts/dist/index.js'));
const { BatchEffects, ReadModels, WriteBuffers } = require(join(root, 'workers/dist/engine/index.js'));
const { ReaderActivityProjector } = require(join(root, 'workers/dist/projections/reader-activity/reader-activity.projector.js'));
const { ModerationProjector } = require(join(root, 'workers/dist/projections/moderation/moderation.projector.js'));

const COMMENTS = Number(process.env.COMMENTS ?? 10_000);
const EXPORTS = Number(process.env.EXPORTS ?? 2);
const EDITED = 0.05;
const APPENDS_IN_FLIGHT = 32;
const PASSWORD = 'a data export benchmark passphrase';

const started = Date.now();
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const int = (value) => Math.round(value).toLocaleString('en-US');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Words of varied length, as comments have them: 5 to 60 words. */
const WORDS = ['chapter', 'loved', 'the', 'ending', 'why', 'did', 'she', 'leave', 'again', 'author', 'please', 'more', 'this', 'twist', 'so', 'good'];
const commentText = (n) => Array.from({ length: 5 + (n % 56) }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ');

/** A process's resident memory now and at its peak (since the peak was last reset), in bytes. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets a process's peak resident memory to what it holds now (Linux: clear_refs 5), so the next peak is the export's. */
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function call(base, method, path, { body, token, ip = '10.46.0.1' } = {}) {
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** One download, read as it comes: time to the headers, to the first byte of the body, to its end; its size. */
async function download(url, token) {
  const t = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(300_000) });
  const headersMs = performance.now() - t;
  const reader = response.body.getReader();
  const chunks = [];
  let firstByteMs = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - t;
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  return { status: response.status, headersMs, firstByteMs, totalMs: performance.now() - t, bytes: body.length, body };
}

/** Appends `count` comments by `author` across `threads` through the event store, 5 % edited; resolves with the events. */
async function appendComments(store, author, threads, count) {
  const events = [];
  const by = { actor: author.id, correlationId: randomUUID(), causationId: null };
  const one = async (n) => {
    const thread = threads[n % threads.length];
    const data = commentPosted({ thread, author, content: commentText(n) });
    const stream = socialStreams.comment(data.comment_id);
    events.push(...(await store.append(stream, 0, [{ type: SocialEventType.CommentPosted, data }], by)));
    if (n % Math.round(1 / EDITED) === 0) {
      const edit = { comment_id: data.comment_id, book_id: data.book_id, chapter_id: data.chapter_id, comment_content: `${data.comment_content} (edited)` };
      events.push(...(await store.append(stream, 1, [{ type: SocialEventType.CommentEdited, data: edit }], by)));
    }
  };
  for (let n = 0; n < count; n += APPENDS_IN_FLIGHT) await Promise.all(Array.from({ length: Math.min(APPENDS_IN_FLIGHT, count - n) }, (_, i) => one(n + i)));
  return events;
}

/** Projects `events` into the read models the export reads, with the production projectors, in one batch of fresh documents. */
async function project(db, events) {
  const readModels = new ReadModels({ collection: (name) => db.collection(name), get db() { return db; } });
  // The collections the read models live in now, as the API reads them.
  await readModels.refresh();
  const projectors = [new ReaderActivityProjector(), new ModerationProjector()];
  const writes = new WriteBuffers(db, new Map(projectors.flatMap((p) => p.owns).map((name) => [name, readModels.physical(name)])), { fresh: true });
  const models = readModels.batch(writes, { rebuilding: true });
  const effects = new BatchEffects();
  let seq = 0;
  for (const event of events) {
    const place = { partition: partitionOf(partitionKey(event.streamId, event.type, event.data)), seq: ++seq };
    for (const projector of projectors) if (projector.handles.includes(event.type)) await projector.apply(event, { place, push: effects.push, mail: effects.mail, models });
  }
  await writes.flush();
}

const local = new LocalServices('bench-data-export-');
const result = { startedAt: new Date().toISOString(), config: { comments: COMMENTS, edited: EDITED, exports: EXPORTS } };
try {
  const services = { ...(await local.startServices()), authSecret: randomUUID() + randomUUID() };
  const env = benchEnv(services, 'bench_data_export', { queuePrefix: 'bench-data-export', ...UNLIMITED_API });
  const database = await openDatabase(env);
  const catalog = { books: 4, minChapters: 5, maxChapters: 5, minWordsPerChapter: 100, maxWordsPerChapter: 200, seed: 46, now: new Date() };
  const chapters = await seedCatalog(database.commands, catalog, 'data-export-benchmark');
  const threads = chapters.map(({ book_id, chapter_id }) => ({ book_id, chapter_id }));
  const port = await freePort();
  const api = local.spawn('api', process.execPath, ['backend/dist/main.js'], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, ready: /API listening/ });
  await api.started;
  const base = `http://127.0.0.1:${port}`;

  const email = `exporter.${Date.now()}@bench.test`;
  await call(base, 'POST', 'user/register', { body: { email, password: PASSWORD, username: 'Very Active Reader', honeypot: '' } });
  const { token, user } = await call(base, 'POST', 'user/login', { body: { email, password: PASSWORD, honeypot: '' } });
  const author = { id: user.user_id, username: user.username, emailHash: emailHash(email) };

  log(`Appending ${int(COMMENTS)} comments by one reader across ${threads.length} threads (${EDITED * 100} % edited once), through the event store…`);
  let t = performance.now();
  const events = await appendComments(database.store, author, threads, COMMENTS);
  result.appendSeconds = (performance.now() - t) / 1000;
  log(`  ${int(events.length)} events in ${result.appendSeconds.toFixed(1)} s`);
  t = performance.now();
  await project(database.db, events);
  result.projectSeconds = (performance.now() - t) / 1000;
  log(`  projected into reader-activity and moderation in ${result.projectSeconds.toFixed(1)} s`);

  const pid = api.child.pid;
  result.apiRssBefore = memoryOf(pid).rss;
  for (const [form, path] of [['json', 'user/data-export'], ['html', 'user/data-export/summary']]) {
    const runs = [];
    for (let i = 0; i < EXPORTS; i++) {
      resetPeak(pid);
      const before = memoryOf(pid).rss;
      const answer = await download(`${base}/api/${path}`, token);
      const { peak } = memoryOf(pid);
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
      const comments = form === 'json' ? JSON.parse(answer.body.toString()).comments : null;
      if (comments && (comments.length !== COMMENTS || comments.some((comment) => comment.text === null))) throw new Error(`the export holds ${comments.length} comments, some without text`);
      const edited = comments?.filter((comment) => comment.edit_history.length === 2).length ?? null;
      delete answer.body;
      runs.push({ ...answer, rssBefore: before, peakRss: peak, peakAboveBefore: peak - before, edited });
      log(
        `  ${form} #${i + 1}: first byte ${int(answer.firstByteMs)} ms, whole ${int(answer.totalMs)} ms, ${mb(answer.bytes)}; API RSS ${mb(before)} → peak ${mb(peak)}` +
          (edited === null ? '' : `; ${int(edited)} comments with their edit history`),
      );
    }
    result[form] = { runs, firstByteMsP50: quantile(runs.map((r) => r.firstByteMs), 0.5), totalMsP50: quantile(runs.map((r) => r.totalMs), 0.5), bytes: runs[0].bytes };
  }
  log(`JSON file: first byte ${int(result.json.firstByteMsP50)} ms, whole ${int(result.json.totalMsP50)} ms (median of ${EXPORTS}), ${mb(result.json.bytes)}`);
  log(`Readable summary: first byte ${int(result.html.firstByteMsP50)} ms, whole ${int(result.html.totalMsP50)} ms, ${mb(result.html.bytes)}`);
  log(`API peak RSS while answering: ${mb(Math.max(...[...result.json.runs, ...result.html.runs].map((r) => r.peakRss)))} (${mb(result.apiRssBefore)} before the first)`);
  await closeDatabase(database);
} finally {
  console.log(`Figures written to ${saveFigures('data-export', result)}`);
  await local.stopAll();
}
