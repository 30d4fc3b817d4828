import { logLevelsFrom, pinNextTickShape } from '@shelf/server-config';

// Before the rest loads and runs: see pinNextTickShape.
pinNextTickShape();

import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './create-app';

/** A shutdown that cannot finish (Redis or the store went first) must not keep the process alive. */
const SHUTDOWN_GRACE_MS = 10_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      Logger.warn(`API did not stop within ${SHUTDOWN_GRACE_MS / 1000} s of ${signal}; exiting anyway`, 'Main');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}

async function main(): Promise<void> {
  const app = await createApp(process.env, logLevelsFrom(process.env.LOG_LEVEL));
  const port = Number(process.env.PORT ?? 8080);
  await app.listen(port, process.env.HOST ?? '127.0.0.1');
  Logger.log(`API listening on ${await app.getUrl()}`, 'Main');
}

main().catch((error: unknown) => {
  Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Main');
  process.exit(1);
});
