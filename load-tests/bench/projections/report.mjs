// The projections benchmark's report: the figures of a run (its `result`) as text.
import { table } from '../lib/figures.mjs';
import { CONFIG, fixed, int, MIX, ms, QUICK } from './config.mjs';

export function report(result) {
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
    const d = run.drain;
    if (d) {
      const top = Object.entries(d.byCollection).slice(0, 6).map(([key, n]) => `${key} ${int(n)}`).join(', ');
      lines.push(
        `  appends stopped, the backlog of ${int(d.depthStart)} projected alone: ${int(d.events)} events in ${fixed(d.seconds)} s${d.depthEnd > 0 ? ` (${int(d.depthEnd)} left at the time limit)` : ''} = ` +
          `${fixed(d.eventsPerSecond)} events/s, ${fixed(d.documentsPerEvent, 2)} read-model documents written per event = ${fixed(d.documentsPerSecond)} documents/s = ` +
          `${ref ? fixed((100 * d.documentsPerSecond) / ref.bulkChangedPerSecond) : '—'} % of the store's bulk changed documents/s (target ≥ 50 %); ` +
          `store commands per event ${fixed(d.readsPerEvent, 2)} reads + ${fixed(d.writesPerEvent, 2)} writes; ` +
          `CPU (share of a core) ${Object.entries(d.cpuShares ?? {}).map(([name, share]) => `${name} ${share === null ? '—' : fixed(share, 2)}`).join(', ')}; most: ${top}`,
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
    lines.push(`One more comment in a thread of n comments, one more reply in an inbox of n replies (${t.workers} worker process(es); append → every projector's checkpoint past it, its partition's checkpoints read every 2 ms; ${CONFIG.threadSamples} samples each at most):`);
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
