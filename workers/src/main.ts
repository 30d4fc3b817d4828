import { logLevelsFrom, pinNextTickShape, RedactingLogger, skewClock } from '@shelf/server-config';

// Before the rest loads and runs: see pinNextTickShape, and skewClock (the nemesis suite's CLOCK_SKEW_MS).
pinNextTickShape();
skewClock(process.env);

import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkersModule } from './workers.module';

/** A shutdown that cannot finish (Redis or the store went first) must not keep the process alive. */
const SHUTDOWN_GRACE_MS = 10_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      Logger.warn(`Workers did not stop within ${SHUTDOWN_GRACE_MS / 1000} s of ${signal}; exiting anyway`, 'Main');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkersModule.register(process.env), { logger: new RedactingLogger({ logLevels: logLevelsFrom(process.env.LOG_LEVEL) }) });
  app.enableShutdownHooks();
  Logger.log('Workers are consuming their queues', 'Main');
}

main().catch((error: unknown) => {
  Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Main');
  process.exit(1);
});
