import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { personalKeysOf } from '../log/personal-keys-of';
import { ReadModels } from '../engine';
import { WorkersModule } from '../workers.module';
import { COPY_CHUNK } from './copy-events';
import { type LogMigrationProgress, type LogMigrationResult, migrateLog, MIGRATED_EVENTS, QUIET_MS } from './log-migration';

const USAGE = `usage: npm run log:migrate [-- --chunk <events>]
  copies the log into ${MIGRATED_EVENTS} with v1 account events rewritten without their password hash and personal
  fields sealed, verifies it and, once the API is stopped, switches it in (docs/operations.md). Run it again after any
  stop: it goes on where it was.
  --chunk  events copied per chunk (default ${COPY_CHUNK}): smaller chunks hold the store for shorter moments`;

/**
 * `npm run log:migrate`: the one-time migration of the log (docs/operations.md): run it while the site runs, then,
 * when it asks, with the API stopped; run it again after any stop. Exit codes: 0 switched (or done before), 3 the copy
 * is made but the API still appends, 1 the verification failed or an error, 2 a wrong argument.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const chunk = args[0] === '--chunk' && args.length === 2 ? Number(args[1]) : args.length === 0 ? COPY_CHUNK : NaN;
  if (!Number.isInteger(chunk) || chunk < 1) {
    console.error(USAGE);
    return 2;
  }
  const app = await NestFactory.createApplicationContext(WorkersModule.register(process.env, { consume: false }), { logger: ['error', 'warn'] });
  const started = Date.now();
  try {
    const { db } = app.get(ReadModels);
    const result = await migrateLog({ db, keys: personalKeysOf(db), chunk, onProgress: progressPrinter(started) });
    return report(result, (Date.now() - started) / 1000);
  } finally {
    await app.close();
  }
}

function report(result: LogMigrationResult, seconds: number): number {
  const { checkpoint } = result;
  const copied = `${checkpoint.copied} events copied (${checkpoint.rewritten} rewritten, ${checkpoint.credentials} password hashes moved into credentials)`;
  switch (result.outcome) {
    case 'already-switched':
      console.log(
        checkpoint.backupDroppedAt
          ? `The log was migrated on ${checkpoint.switchedAt?.toISOString()}; the log before it was dropped on ${checkpoint.backupDroppedAt.toISOString()}.`
          : `The log was migrated on ${checkpoint.switchedAt?.toISOString()}; the log before it is kept as ${checkpoint.backup} (npm run log:drop-backup drops it).`,
      );
      return 0;
    case 'not-quiet':
      console.log(`${copied}, but the log is still being appended to.`);
      console.log(`Stop the API (the workers may run), then run npm run log:migrate again: it copies what came since, verifies and switches.`);
      return 3;
    case 'verification-failed':
      console.log(`${copied}; the copy in ${MIGRATED_EVENTS} failed its verification (${result.verification.problemCount} problems), the log is unchanged:`);
      for (const problem of result.verification.problems) console.log(`  ${problem}`);
      return 1;
    case 'switched': {
      const { verification } = result;
      console.log(`${copied} in ${seconds.toFixed(1)} s this run; ${verification.events} events in ${verification.streams} streams verified.`);
      for (const problem of verification.problems) console.log(`  ${problem}`);
      if (result.rescued > 0) console.log(`${result.rescued} events appended during the switch were copied over from the backup.`);
      console.log(`The log is switched; the log before it is kept as ${checkpoint.backup}, with the old password hashes and personal data in plain text:`);
      console.log(`drop it with npm run log:drop-backup once you no longer need a rollback.`);
      console.log(`Start the API again, then run npm run projections:rebuild.`);
      return verification.problemCount > 0 ? 1 : 0;
    }
  }
}

/** One line per phase, and the copy's progress rewritten in place on a terminal. */
function progressPrinter(started: number): (progress: LogMigrationProgress) => void {
  let last = 0;
  return (progress) => {
    if (progress.phase !== 'copy' && progress.phase !== 'catch-up') {
      const line = { quiet: `waiting ${QUIET_MS / 1000} s for the log to stand still`, verify: 'verifying the copy', switch: 'switching' }[progress.phase];
      console.log(process.stdout.isTTY ? `\n${line}` : line);
      return;
    }
    if (Date.now() - last < 250) return;
    last = Date.now();
    const { copied, rewritten } = progress.counts;
    const line = `${progress.phase}: ${copied} events (${rewritten} rewritten) · ${Math.round(copied / Math.max((Date.now() - started) / 1000, 0.001))}/s`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(80)}`);
    else console.log(line);
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'LogMigration');
    process.exit(1);
  },
);
