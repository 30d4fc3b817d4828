import { BadRequestException, type LogLevel, RequestMethod, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServiceEnv } from '@shelf/contracts';
import { AppModule } from './app.module';
import { SearchRateLimiter } from './modules/catalog/api/search-rate-limiter';
import { QUEUE_DASHBOARD_PATH, QueueDashboard } from './modules/operators/api/queue-dashboard';
import { TRUSTED_PROXIES } from './platform/http/client-ip';
import { DependencyWatch } from './platform/dependency-watch';
import { ConcurrencyErrorFilter } from './platform/http/concurrency-error.filter';
import { DependencyDeadlineInterceptor } from './platform/http/dependency-deadline.interceptor';
import { DependencyFailureFilter } from './platform/http/dependency-failure.filter';
import { installFrontDoor } from './platform/http/front-door';
import { ResponseCache } from './platform/http/response-cache';
import { RedisIoAdapter } from './realtime/redis-io.adapter';

/**
 * The API as both `main.ts` and the tests run it: every route under /api, bad input rejected at the edge; the live
 * channel at /realtime and the operators' queue dashboard at /admin/queues.
 */
export async function createApp(env: ServiceEnv, logger: LogLevel[] = ['error', 'warn', 'log']): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), { logger, bodyParser: false });
  // Behind a proxy on a private network (docker-compose's nginx), the client's address is in X-Forwarded-For.
  app.set('trust proxy', TRUSTED_PROXIES);
  installFrontDoor(app.getHttpServer(), app.get(ResponseCache), { '/api/searchbook': app.get(SearchRateLimiter) });
  // The web app's files and the API's larger answers go out gzipped (nginx does it in production, npm start here).
  app.use(compression());
  app.use(express.json({ limit: '100kb' }), rejectUnreadableBody);
  const queueDashboard = app.get(QueueDashboard).handler;
  if (queueDashboard) app.use(QUEUE_DASHBOARD_PATH, queueDashboard);
  app.useWebSocketAdapter(new RedisIoAdapter(app, env));
  // Generated book covers are served at the address the books carry (/covers/{id}.svg), outside /api.
  app.setGlobalPrefix('api', { exclude: [{ path: 'covers/:file', method: RequestMethod.GET }] });
  // Bad input gets one clear message: the first rule the request broke.
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      exceptionFactory: (errors) => {
        const broken = errors[0]?.constraints ?? {};
        // A missing or mistyped field is named by its type rule, which carries the reader-facing message.
        return new BadRequestException(broken.isString ?? Object.values(broken)[0] ?? 'The request is not valid.');
      },
    }),
  );
  // A store or Redis that is away gets a 503 within the deadline, not a hang or a 500. The last filter given is
  // tried first, so the catch-all dependency filter goes before the specific ones.
  app.useGlobalInterceptors(new DependencyDeadlineInterceptor(app.get(DependencyWatch)));
  app.useGlobalFilters(new DependencyFailureFilter(app.getHttpAdapter()), new ConcurrencyErrorFilter());
  app.enableShutdownHooks();
  return app;
}

/** A body that is not JSON, or too large, gets a 4xx with a message instead of Express's default page. */
function rejectUnreadableBody(error: { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction): void {
  if (!error.status || error.status >= 500) return next(error);
  const message = error.type === 'entity.too.large' ? 'The request is too large.' : 'The request body is not valid JSON.';
  res.status(error.status).json({ statusCode: error.status, message });
}
