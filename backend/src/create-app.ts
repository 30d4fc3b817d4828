import { type INestApplication, type LogLevel, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceEnv } from '@shelf/contracts';
import { AppModule } from './app.module';

/** The API as both `main.ts` and the tests run it: every route under /api, bad input rejected at the edge. */
export async function createApp(env: ServiceEnv, logger: LogLevel[] = ['error', 'warn', 'log']): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.register(env), { logger });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  app.enableShutdownHooks();
  return app;
}
