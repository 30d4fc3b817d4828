// Comment fan-out: 1,000 socket.io clients follow one comment thread; each round pushes one new comment to them,
// and the figures are the delivery latencies over every socket of every round. Two sources, measured separately:
//   http    — a verified reader posts a real comment (POST /api/comment/post-comments), timed from the acknowledged
//             response to each socket's LivePush.CommentCreated: the event queue, the comment-thread projection and the push.
//   emitter — the workers' LiveEmitter pushes a comment itself, timed from the emit call: the push path alone.
// The clients all run in this one process, so their own event loop is part of what is measured.
// Usage: node load-tests/bench/comment-fanout.mjs. SOCKETS, ROUNDS and SOURCES
// (http,emitter) override the defaults.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { percentiles, registerReader } from './lib/readers.mjs';
import { root, startSite, waitUntil } from './lib/site.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { io } = require('socket.io-client');
const { Queue } = require('bullmq');
const { LivePush, LiveRequest, QueueName, REALTIME_PATH } = require(join(root, 'contracts/dist/index.js'));
const { readEnv } = require(join(root, 'server-config/dist/index.js'));
const { serviceEnvSchema } = require(join(root, 'workers/dist/config/service-env.schema.js'));
const { LiveEmitter } = require(join(root, 'workers/dist/realtime/live-emitter.js'));

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const SOURCES = (process.env.SOURCES ?? 'http,emitter').split(',');

/** Waits until the workers are idle (no event waiting, running or delayed), so no round queues behind other work. */
const drained = (events) =>
  waitUntil(async () => Object.values(await events.getJobCounts('waiting', 'active', 'delayed')).every((n) => n === 0), 600_000, 'the events queue to drain');

/** Opens `count` sockets, 100 at a time, each following `thread`. */
async function openSockets(baseUrl, thread, count) {
  const sockets = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, async () => {
      // One connection and manager per client, as 1,000 readers' browsers would have.
      const socket = io(baseUrl, { path: REALTIME_PATH, transports: ['websocket'], forceNew: true, reconnection: false });
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const ack = await socket.timeout(10_000).emitWithAck(LiveRequest.ThreadJoin, thread);
      if (!ack.ok) throw new Error(`${LiveRequest.ThreadJoin} refused: ${ack.message}`);
      return socket;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Resolves with every socket's receipt time of the comment `commentId`, once all have it. */
function receipts(sockets, arrivals, commentId) {
  return waitUntil(() => (arrivals.get(commentId)?.length ?? 0) >= sockets.length, 30_000, `comment ${commentId} on every socket`).then(() => arrivals.get(commentId));
}

const site = await startSite('bench-demo');
const emitter = new LiveEmitter(readEnv(serviceEnvSchema, { ...process.env, ...site.env }));
const events = new Queue(QueueName.Events, { connection: { url: site.env.REDIS_URL }, prefix: site.env.QUEUE_PREFIX });
let sockets = [];
try {
  await drained(events);
  const book = (await (await fetch(`${site.baseUrl}/api/`)).json()).latestBooks[0];
  const thread = { book_id: book.book_id, chapter_id: null };
  sockets = await openSockets(site.baseUrl, thread, SOCKETS);
  const arrivals = new Map();
  for (const socket of sockets) {
    socket.on(LivePush.CommentCreated, ({ comment }) => {
      const at = performance.now();
      if (!arrivals.has(comment.comment_id)) arrivals.set(comment.comment_id, []);
      arrivals.get(comment.comment_id).push(at);
    });
  }
  console.log(`\n${SOCKETS} sockets follow the comments of book ${book.book_id}; ${ROUNDS} rounds per source.`);

  const results = [];
  if (SOURCES.includes('emitter')) {
    const latencies = [];
    for (let round = 0; round < ROUNDS; round++) {
      const commentId = `bench-${Date.now()}-${round}`;
      const comment = {
        comment_id: commentId, book_id: thread.book_id, chapter_id: null, parent_comment_id: null,
        comment_content: 'A benchmark comment pushed straight from the emitter.', comment_time: new Date().toISOString(),
        username: 'Benchmark', email_hash: null, user_id: null, like_count: 0, report_count: 0, deleted_comment: false,
      };
      const sent = performance.now();
      emitter.comment('created', { thread, comment });
      latencies.push(...(await receipts(sockets, arrivals, commentId)).map((at) => at - sent));
    }
    results.push(`emitter → sockets (push path), ${latencies.length} deliveries: ${percentiles(latencies)}`);
  }
  if (SOURCES.includes('http')) {
    // One reader per round: posting has a 30-second cooldown per reader.
    const readers = [];
    for (let n = 0; n < ROUNDS; n++) readers.push(await registerReader(site.baseUrl, site.mailUrl, 'Fanout'));
    await drained(events);
    const latencies = [];
    for (const [round, reader] of readers.entries()) {
      const answer = await reader.call('POST', 'comment/post-comments', { ...thread, parent_comment_id: null, comment_content: `Round ${round} of the fan-out benchmark, a real comment.`, honeypot: '' });
      const acknowledged = performance.now();
      if (answer.success !== 1) throw new Error(`post-comments refused: ${JSON.stringify(answer)}`);
      // A push that beat the response counts as 0 ms.
      latencies.push(...(await receipts(sockets, arrivals, answer.comment_id)).map((at) => Math.max(0, at - acknowledged)));
    }
    results.push(`post-comments acknowledged → sockets (queue, projection, push), ${latencies.length} deliveries: ${percentiles(latencies)}`);
  }
  console.log(`\nComment fan-out to ${SOCKETS} sockets in one thread room (target p95 < 250 ms):`);
  for (const line of results) console.log(`  ${line}`);
} finally {
  sockets.forEach((socket) => socket.close());
  await events.close();
  await emitter.beforeApplicationShutdown();
  await site.stop();
}
