// The store's view of the log while the projections benchmark runs: the partitions' heads, every projector's
// checkpoints, and when an appended position has been projected by all of them.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from '../lib/local-services.mjs';
import { CONFIG, sleep } from './config.mjs';

const require = createRequire(import.meta.url);
const { EventLogCollection, PARTITION_COUNT, ProjectionCollection, checkpointsOf, partitionId, positionId } = require(join(root, 'contracts/dist/index.js'));

export class LogMonitor {
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
export async function positionOf(db, partition, eventId) {
  const head = (await db.collection(EventLogCollection.Partitions).findOne({ _id: partitionId(partition) }))?.head ?? 0;
  for (let top = head; top > 0 && top > head - 256; top -= 4) {
    const seqs = [top, top - 1, top - 2, top - 3].filter((seq) => seq > 0);
    const found = await Promise.all(seqs.map((seq) => db.collection(EventLogCollection.Positions).findOne({ _id: positionId(partition, seq) })));
    const hit = found.find((position) => position?.eventId === eventId);
    if (hit) return hit.seq;
  }
  return head; // not among the last 256: the head is an upper bound
}
