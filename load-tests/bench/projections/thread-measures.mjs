// What the large thread and inbox run times: one comment from its append to every projector's checkpoint, a GET
// through the API, and the projection cost per event fitted to the size, to see how far the time budget reaches.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { quantile } from '../lib/figures.mjs';
import { root } from '../lib/local-services.mjs';
import { sleep } from './config.mjs';
import { positionOf } from './log-monitor.mjs';

const require = createRequire(import.meta.url);
const { ProjectionCollection, SocialEventType, checkpointsOf, partitionId, partitionKey, partitionOf, socialStreams } = require(join(root, 'contracts/dist/index.js'));

/** How often the one partition's checkpoints are read while one comment is timed. */
const ONE_COMMENT_POLL_MS = 2;

/**
 * Appends one comment through the EventStore and resolves with the ms until every projector's checkpoint passed it,
 * read from its partition's checkpoints document every ONE_COMMENT_POLL_MS (the monitor's poll of every partition
 * would round the figure up by up to its period).
 */
export async function timeOneComment(database, monitor, data, timeoutMs) {
  const streamId = socialStreams.comment(data.comment_id);
  const started = performance.now();
  const [event] = await database.store.append(streamId, 0, [{ type: SocialEventType.CommentPosted, data }], { actor: data.user_id, correlationId: randomUUID(), causationId: null });
  const partition = partitionOf(partitionKey(event.streamId, event.type, event.data));
  const seq = await positionOf(database.db, partition, event.id);
  const checkpoints = database.db.collection(ProjectionCollection.Checkpoints);
  const until = started + timeoutMs;
  while (performance.now() < until) {
    const positions = new Map(checkpointsOf([await checkpoints.findOne({ _id: partitionId(partition) })].filter(Boolean)).map((c) => [c.projector, c.position]));
    if (monitor.projectors.every((name) => (positions.get(name) ?? 0) >= seq)) return performance.now() - started;
    await sleep(ONE_COMMENT_POLL_MS);
  }
  return null;
}

export async function timeGet(url, headers, repeats) {
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
export function projectionTimeEstimate(curve, appendMsPerEvent) {
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
