import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PartitionRunner } from '../projections/partition-runner';
import { WorkersModule } from '../workers.module';

const USAGE = `usage: npm run projections:parked -- list | retry <id>… | retry all | skip <id>…
  list   the parked events: id, projector, event, stream and version, when, and the error
  retry  applies the event again with the rest of its stream's parked events, in order; the stream then flows again
  skip   gives up on the event; once none of its stream is parked, the stream's later events flow again`;

/** `npm run projections:parked`: what the projectors set aside, and the operator's retry or skip. */
async function main(): Promise<number> {
  const [command, ...ids] = process.argv.slice(2);
  if (!['list', 'retry', 'skip'].includes(command ?? '') || (command !== 'list' && ids.length === 0)) {
    console.error(USAGE);
    return 2;
  }
  const app = await NestFactory.createApplicationContext(WorkersModule.register(process.env, { consume: false }), { logger: ['error', 'warn'] });
  try {
    const runner = app.get(PartitionRunner);
    const parked = await runner.parked.list();
    if (command === 'list') {
      if (parked.length === 0) console.log('No event is parked.');
      for (const doc of parked) {
        console.log(`${doc._id}\n  ${doc.type} ${doc.streamId} v${doc.version}, parked ${doc.parkedAt.toISOString()} after ${doc.attempts} tries\n  ${doc.error.split('\n')[0]}`);
      }
      return 0;
    }
    const targets = command === 'retry' && ids[0] === 'all' ? parked.map((doc) => doc._id) : ids;
    let failed = 0;
    for (const id of targets) {
      try {
        const outcome = command === 'retry' ? await runner.retryParked(id) : await runner.skipParked(id);
        console.log(`${id}: ${outcome === 'missing' ? 'not parked (already retried or skipped?)' : outcome}`);
      } catch (error) {
        failed++;
        console.log(`${id}: still failing, left parked: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return failed > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'ParkedEvents');
    process.exit(1);
  },
);
