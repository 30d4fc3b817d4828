import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { reapplyErasures } from '../log/reapply-erasures';
import { WorkersModule } from '../workers.module';

/** `npm run erasures:reapply`: after restoring a backup, erases again the keys of the accounts erased since it was taken. */
async function main(): Promise<number> {
  const app = await NestFactory.createApplicationContext(WorkersModule.register(process.env, { consume: false }), { logger: ['error', 'warn'] });
  try {
    const { erased, keysErased } = await reapplyErasures(app.get<Connection>(getConnectionToken()).db!);
    console.log(`The log erased ${erased} accounts; ${keysErased} of their keys were back and are erased again.`);
    if (keysErased > 0) console.log('Rebuild the read models now: npm run projections:rebuild');
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Erasures');
    process.exit(1);
  },
);
