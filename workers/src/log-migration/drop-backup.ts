import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ReadModels } from '../engine';
import { WorkersModule } from '../workers.module';
import { dropLogBackup } from './log-backup';

/**
 * `npm run log:drop-backup`: drops the log `npm run log:migrate` kept for a rollback, with the old password hashes and
 * the personal data in plain text it holds (docs/operations.md). Exit codes: 0 dropped or nothing to drop, 1 a
 * migration under way or an error.
 */
async function main(): Promise<number> {
  const app = await NestFactory.createApplicationContext(WorkersModule.register(process.env, { consume: false }), { logger: ['error', 'warn'] });
  try {
    const result = await dropLogBackup(app.get(ReadModels).db);
    switch (result.outcome) {
      case 'dropped':
        for (const backup of result.backups) console.log(`Dropped ${backup.name} (${backup.events} events, kept since ${backup.since.toISOString()}).`);
        console.log('No rollback of the log migration from now on.');
        return 0;
      case 'none':
        console.log('No log backup to drop.');
        return 0;
      case 'not-switched':
        console.log(`The log migration is under way (${result.phase}): finish it with npm run log:migrate first; nothing dropped.`);
        return 1;
    }
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'LogMigration');
    process.exit(1);
  },
);
