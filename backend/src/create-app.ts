import { type LogLevel, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServiceEnv } from '@shelf/contracts';
import { AppModule } from './app.module';
import { SearchRateLimiter } from './modules/catalog/api/search-rate-limiter';
import { TRUSTED_PROXIES } from './platform/http/client-ip';
import { installFrontDoor } from './platform/http/front-door';
import { ResponseCache } from './platform/http/response-cache';

/** The API as both `main.ts` and the tests run it: every route under /api, bad input rejected at the edge. */
export async function createApp(env: ServiceEnv, logger: LogLevel[] = ['error', 'warn', 'log']): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), { logger });
  // Behind a proxy on a private network (docker-compose's nginx), the client's address is in X-Forwarded-For.
  app.set('trust proxy', TRUSTED_PROXIES);
  installFrontDoor(app.getHttpServer(), app.get(ResponseCache), { '/api/searchbook': app.get(SearchRateLimiter) });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  app.enableShutdownHooks();
  return app;
}
