import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { constants, setPriority } from 'node:os';
import { dropAll, ProjectionSignals, type Projector, PROJECTORS, ReadModels, type RebuildProgress, rebuildProjections } from '../engine';
import { WorkersModule } from '../workers.module';

/** How long the replaced collections stay for API processes still reading them (they look again every 2 s). */
const DROP_AFTER_MS = 10_000;

/**
 * `npm run projections:rebuild [projector…]`: rebuilds read models from the event log while the site runs (all of
 * them when no projector is named), showing progress and an estimate of the time left.
 */
async function main(): Promise<void> {
  const names = process.argv.slice(2);
  // The site's own processes (the API, live projection) go first for the CPU: a rebuild is the one job that can wait.
  // Below normal, not lowest: on a site always busy a rebuild at the lowest priority would hardly move.
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  const app = await NestFactory.createApplicationContext(WorkersModule.register(process.env, { consume: false }), { logger: ['error', 'warn'] });
  const readModels = app.get(ReadModels);
  const signals = app.get(ProjectionSignals);
  const started = Date.now();
  try {
    const result = await rebuildProjections(
      {
        db: readModels.db,
        readModels,
        projectors: app.get<Projector[]>(PROJECTORS),
        announce: (change) => signals.announce(change),
      },
      names,
      progressPrinter(started),
    );
    console.log(`\nRebuilt ${Object.keys(result.collections).join(', ')} from ${result.events} log entries in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    const { profile } = result;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`Read the log in ${seconds(profile.readMs)} (${profile.lookedUp} entries by _id), replayed it in ${seconds(profile.replayMs)}, caught up in ${seconds(profile.catchUpMs)}.`);
    console.log(`Documents inserted in bulk: ${profile.inserted}; read back by _id: ${profile.readBack}, replaced: ${profile.replaced}.`);
    console.log(`Live projection waited ${result.leasesHeldMs} ms for the last catch-up and the swap.`);
    console.log(`Dropping the replaced collections in ${DROP_AFTER_MS / 1000} s…`);
    await new Promise((resolve) => setTimeout(resolve, DROP_AFTER_MS));
    await dropAll(readModels.db, result.replaced);
  } finally {
    await app.close();
  }
}

/**
 * One line, rewritten in place on a terminal: phase, log entries (documents, while derived projectors reindex), the
 * phase's rate and the time it has left.
 */
function progressPrinter(started: number): (progress: RebuildProgress) => void {
  let last = 0;
  let phase = { name: '', started, events: 0 };
  return ({ phase: name, events, total }) => {
    if (name !== phase.name) phase = { name, started: Date.now(), events };
    if (Date.now() - last < 250 && name !== 'done') return;
    last = Date.now();
    const seconds = (Date.now() - phase.started) / 1000;
    const rate = (events - phase.events) / Math.max(seconds, 0.001);
    const timed = name === 'read' || name === 'replay';
    const left = timed && rate > 0 ? ` · about ${Math.ceil(Math.max(0, total - events) / rate)} s left to ${name}` : '';
    const line = `${name}: ${events}/${total} ${name === 'reindex' ? 'documents' : 'log entries'} · ${Math.round(rate)}/s${left}`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(80)}`);
    else console.log(line);
  };
}

main().catch((error: unknown) => {
  Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Rebuild');
  process.exit(1);
});
