import { BadRequestException, type LogLevel, RequestMethod, ValidationPipe, type ValidationError } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ThrottlerStorage } from '@nestjs/throttler';
import compression from 'compression';
import { type EnvVariables, RedactingLogger } from '@shelf/server-config';
import { AppModule } from './app.module';
import { searchRateLimit } from './modules/catalog';
import { METRICS_PATH, MetricsEndpoint, HttpMetrics } from './modules/metrics';
import { QUEUE_DASHBOARD_PATH, QueueDashboard } from './modules/operators';
import { SERVICE_ENV, type ServiceEnv } from './platform/config/service-env';
import { proxyTrust } from './platform/http/client-ip';
import { RequestDeadline } from './platform/request-deadline';
import { answerClientErrorsInJson } from './platform/http/client-errors';
import { DependencyDeadlineInterceptor } from './platform/http/dependency-deadline.interceptor';
import { noteArrival } from './platform/http/request-arrival';
import { RefusalFilter } from './platform/http/refusal.filter';
import { installFrontDoor } from './platform/http/front-door';
import { jsonBody } from './platform/http/json-body';
import { ResponseCache } from './platform/http/response-cache';
import { securityHeaders } from './platform/http/security-headers';
import { serveAppForUndecodablePaths } from './platform/http/undecodable-paths';
import { precompressedAssets } from './platform/http/precompressed-assets';
import { WEB_DIST } from './platform/http/web-dist';
import { ServerRenderedPages } from './modules/pages';
import type { RateLimitStorage } from './platform/rate-limits/rate-limit-storage';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import type { Server } from 'node:http';


/** The prefixes of what the server answers itself: a GET of any other path asks for a page of the web app. */
export const SERVER_PATHS = ['/api/', '/realtime/', '/covers/', QUEUE_DASHBOARD_PATH, METRICS_PATH];

/** The rules the first invalid field broke, looking into nested objects and list items (whose own rules are on their children). */
function firstBroken(errors: ValidationError[]): Record<string, string> | undefined {
  for (const error of errors) {
    if (error.constraints && Object.keys(error.constraints).length > 0) return error.constraints;
    const nested = firstBroken(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The API as both `main.ts` and the tests run it: every route under /api, bad input rejected at the edge; the live
 * channel at /realtime, the operators' queue dashboard at /admin/queues and the Prometheus metrics at /metrics.
 * `variables` is the environment (process.env, or a test file's own); a missing or wrong variable stops the start.
 */
export async function createApp(variables: EnvVariables, logger: LogLevel[] = ['error', 'warn', 'log']): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(variables), { logger: new RedactingLogger({ logLevels: logger }), bodyParser: false });
  const env = app.get<ServiceEnv>(SERVICE_ENV);
  // Behind a trusted proxy (TRUST_PROXY: docker-compose names its nginx), the client's address is in X-Forwarded-For.
  const trust = proxyTrust(env.trustProxy);
  app.set('trust proxy', trust);
  app.disable('x-powered-by');
  installFrontDoor(app.getHttpServer(), app.get(ResponseCache), {
    // One search limit for both searches: they count against one key.
    limits: { '/api/searchbook': searchRateLimit(env.searchRateLimit), '/api/user/searchbook': searchRateLimit(env.searchRateLimit) },
    storage: app.get<RateLimitStorage>(ThrottlerStorage),
    trust,
    secure: securityHeaders({ webDist: WEB_DIST, dashboardPath: QUEUE_DASHBOARD_PATH, https: env.publicUrl.startsWith('https:') }),
    metrics: app.get(HttpMetrics),
  });
  // Every request's deadline counts from here (request-deadline.ts): guards, pipes and handler alike.
  app.use(noteArrival);
  // The web app's scripts and style sheets as the build compressed them; other files and the API's larger answers
  // compressed on the fly (nginx does both in production, npm start here).
  app.use(precompressedAssets(WEB_DIST));
  app.use(compression());
  app.use(...jsonBody());
  answerClientErrorsInJson(app.getHttpServer());
  keepIdleConnections(app.getHttpServer());
  app.use(QUEUE_DASHBOARD_PATH, app.get(QueueDashboard).handler);
  app.use(METRICS_PATH, app.get(MetricsEndpoint).handler);
  app.use(serveAppForUndecodablePaths(WEB_DIST, SERVER_PATHS));
  // Home, stories, chapters and categories go out already rendered; the static files serve the rest.
  app.use(app.get(ServerRenderedPages).handler(SERVER_PATHS));
  app.useWebSocketAdapter(new RedisIoAdapter(app, env));
  // Generated book covers are served at the address the books carry (/covers/{id}.svg), outside /api.
  app.setGlobalPrefix('api', { exclude: [{ path: 'covers/:file', method: RequestMethod.GET }] });
  // Bad input gets one clear message: the first rule of its DTO the request broke, in a nested item too. (What the domain refuses is a
  // DomainError, answered by RefusalFilter below.)
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      transform: true,
      exceptionFactory: (errors) => {
        const broken = firstBroken(errors) ?? {};
        // A missing or mistyped field is named by its type rule, which carries the reader-facing message.
        return new BadRequestException(broken.isString ?? Object.values(broken)[0] ?? 'The request is not valid.');
      },
    }),
  );
  // A store or Redis that is away gets a 503 within the deadline, not a hang or a 500; refusals get their status and
  // message (RefusalFilter, or the filter RefusalsCarry gives a controller whose answers carry more).
  app.useGlobalInterceptors(new DependencyDeadlineInterceptor(app.get(RequestDeadline)));
  app.useGlobalFilters(new RefusalFilter(app.getHttpAdapter()));
  app.enableShutdownHooks();
  return app;
}

/** How long an idle keep-alive connection stays open: longer than a reader's pause between requests. */
const KEEP_ALIVE_MS = 65_000;

/**
 * Node closes an idle keep-alive connection after 5 s by default, while clients (k6, Go, browsers, proxies) keep theirs
 * for a minute or more: a request sent on one just as the server closes it is reset, and a POST is not retried. The
 * headers timeout stays above it, as Node requires.
 */
function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

