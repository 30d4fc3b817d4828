import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { READ_MODEL_CHANGES_CHANNEL, readServiceEnv } from '@shelf/contracts';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { PROJECTORS, type Projector } from '../projections/projector';
import { WorkersModule } from '../workers.module';
import { rebuildReadModels } from './rebuild-read-models';

/** `npm run projections:rebuild`: rebuilds every read model from the event log. Safe to run while the site runs. */
async function main(): Promise<void> {
  const env = readServiceEnv(process.env);
  const app = await NestFactory.createApplicationContext(WorkersModule.register(env, { consume: false }), { logger: ['error', 'warn'] });
  const started = Date.now();
  const { events } = await rebuildReadModels(app.get<Connection>(getConnectionToken()), app.get<Projector[]>(PROJECTORS));
  const redis = new Redis(env.redisUrl);
  await redis.publish(READ_MODEL_CHANGES_CHANNEL, JSON.stringify({ eventType: 'rebuild', streamId: '*' }));
  redis.disconnect();
  await app.close();
  console.log(`Rebuilt every read model from ${events} events in ${Date.now() - started} ms.`);
}

main().catch((error: unknown) => {
  Logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Rebuild');
  process.exit(1);
});
