import { BadRequestException, type LogLevel, RequestMethod, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServiceEnv } from '@shelf/contracts';
import { AppModule } from './app.module';
import { SearchRateLimiter } from './modules/catalog/api/search-rate-limiter';
import { TRUSTED_PROXIES } from './platform/http/client-ip';
import { installFrontDoor } from './platform/http/front-door';
import { ResponseCache } from './platform/http/response-cache';

/** The API as both `main.ts` and the tests run it: every route under /api, bad input rejected at the edge. */
export async function createApp(env: ServiceEnv, logger: LogLevel[] = ['error', 'warn', 'log']): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), { logger, bodyParser: false });
  // Behind a proxy on a private network (docker-compose's nginx), the client's address is in X-Forwarded-For.
  app.set('trust proxy', TRUSTED_PROXIES);
  installFrontDoor(app.getHttpServer(), app.get(ResponseCache), { '/api/searchbook': app.get(SearchRateLimiter) });
  app.use(express.json({ limit: '100kb' }), rejectUnreadableBody);
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
  app.enableShutdownHooks();
  return app;
}

/** A body that is not JSON, or too large, gets a 4xx with a message instead of Express's default page. */
function rejectUnreadableBody(error: { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction): void {
  if (!error.status || error.status >= 500) return next(error);
  const message = error.type === 'entity.too.large' ? 'The request is too large.' : 'The request body is not valid JSON.';
  res.status(error.status).json({ statusCode: error.status, message });
}
