import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { readServiceEnv } from '@shelf/contracts';
import { createApp } from './create-app';

async function main(): Promise<void> {
  const app = await createApp(readServiceEnv(process.env));
  const port = Number(process.env.PORT ?? 8080);
  await app.listen(port, process.env.HOST ?? '127.0.0.1');
  Logger.log(`API listening on ${await app.getUrl()}`, 'Main');
}

main().catch((error: unknown) => {
  Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Main');
  process.exit(1);
});
