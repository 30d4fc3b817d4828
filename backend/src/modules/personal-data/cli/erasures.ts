import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ReapplyErasures } from '../application/reapply-erasures';
import { ErasuresCliModule } from './erasures-cli.module';

/**
 * `npm run erasures:reapply`: after restoring a backup, runs every step of the erasure again for every account the
 * erasure ledger names (docs/operations.md, "Erasure and backups"), then asks for the rebuild that clears the read
 * models of what the restored keys had opened.
 */
async function main(): Promise<number> {
  const app = await NestFactory.createApplicationContext(ErasuresCliModule.register(process.env), { logger: ['error', 'warn'] });
  try {
    const { accounts, onlyInLog, keysBack } = await app.get(ReapplyErasures).run();
    const logOnly = onlyInLog > 0 ? ` (${onlyInLog} of them named by the log only: erased before the ledger was kept)` : '';
    console.log(`${accounts} erased accounts${logOnly}: every step of their erasure ran again; ${keysBack} of their keys were back and are erased again.`);
    if (keysBack > 0) console.log('Rebuild the read models now: npm run projections:rebuild');
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
