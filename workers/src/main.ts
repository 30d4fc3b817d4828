import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { readServiceEnv } from '@shelf/contracts';
import { WorkersModule } from './workers.module';

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkersModule.register(readServiceEnv(process.env)));
  app.enableShutdownHooks();
  Logger.log('Workers are consuming their queues', 'Main');
}

main().catch((error: unknown) => {
  Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Main');
  process.exit(1);
});
