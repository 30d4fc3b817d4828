// Phase 2 of the projections benchmark: the cost of one more comment in a thread, and of one more reply in a reader's
// inbox, as the thread and inbox grow towards 100,000 items (replies appended in bulk, then projected by the workers;
// bounded in time, so it reports how far it got), with the first-page reads through a running API.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeDatabase } from '../lib/bench-database.mjs';
import { commentPosted, emailHash, makeReaders } from '../lib/comments.mjs';
import { quantile } from '../lib/figures.mjs';
import { freePort, root } from '../lib/local-services.mjs';
import { appendRepliesInBulk } from './bulk-replies.mjs';
import { CONFIG, int, log, ms, READER_NAME, sleep } from './config.mjs';
import { LogMonitor } from './log-monitor.mjs';
import { openRunDatabase, seedRunCatalog } from './run-database.mjs';
import { projectionTimeEstimate, timeGet, timeOneComment } from './thread-measures.mjs';
import { parkedLines, startWorkers, stopProcs, waitForProjectors } from './worker-processes.mjs';

const require = createRequire(import.meta.url);
const { JwtService } = require('@nestjs/jwt');
const { ProjectionCollection, partitionOf } = require(join(root, 'contracts/dist/index.js'));
const { accessTokenKey, ACCESS_TOKEN_LIFETIME } = require(join(root, 'backend/dist/modules/accounts/api/access-token-key.js'));

/** Fills `result.thread` as it goes (so an interrupted run still reports the sizes it measured); adds to `result.notes`. */
export async function threadRun(local, services, budgetSeconds, result) {
  const stopBy = Date.now() + budgetSeconds * 1000;
  const name = 'bench_projections_thread';
  log(`Large thread and inbox (budget ${Math.round(budgetSeconds)} s, ${CONFIG.threadWorkers} worker process(es)): seeding a fresh database (${name})`);
  const database = await openRunDatabase(services, name);
  let procs = [];
  let monitor;
  try {
    const chapters = await seedRunCatalog(database.commands, 3);
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
    const readers = makeReaders(CONFIG.readers, READER_NAME);
    const owner = { id: randomUUID(), username: 'Inbox owner', emailHash: emailHash('owner@bench.test') };
    const big = { book_id: chapters[0].book_id, chapter_id: chapters[0].chapter_id };
    const bigPartition = partitionOf(`thread-${big.book_id}-${big.chapter_id}`);
    const small = chapters.map((c) => ({ book_id: c.book_id, chapter_id: c.chapter_id })).find((t) => partitionOf(`thread-${t.book_id}-${t.chapter_id}`) !== bigPartition);
    let n = 0;
    const commentData = (thread, author, parent) =>
      commentPosted({ thread, parent, author, content: `Timed ${parent ? 'reply' : 'comment'} ${++n} from the projections benchmark.` });
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
