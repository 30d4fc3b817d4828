import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Inject, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { QueueName } from '@shelf/contracts';
import type { SearchEngine } from '@shelf/search-index';
import { EnvConfigModule, type EnvVariables, STORE_POOL, storeCallBounds, storeCrashPoints, type StoreDeadline } from '@shelf/server-config';
import { SERVICE_ENV, type ServiceEnv } from './config/service-env';
import { serviceEnvSchema } from './config/service-env.schema';
import { DependencyWatch } from './dependency-watch';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { ReadModels } from './read-models';
import { RedisClient } from './redis-client';
import { RequestDeadline } from './request-deadline';
import { SEARCH_ENGINE, searchEngineProvider } from './search-engine.provider';

/**
 * The connections every module of the API shares: the document store, Redis, the BullMQ queues (the API adds wake-ups
 * to the events queue; the operators' dashboard shows them all), the search engine, and the rate limits' counters;
 * and the API's environment (SERVICE_ENV), read from `variables` through its schema.
 */
@Global()
@Module({})
export class PlatformModule implements BeforeApplicationShutdown {
  constructor(@Inject(SEARCH_ENGINE) private readonly search: SearchEngine) {}

  /** `deadline`: the bound on each store call, `request` for the API, `tool` for the command-line tools. */
  static register(variables: EnvVariables, deadline: StoreDeadline = 'request'): DynamicModule {
    const crashPoints = storeCrashPoints(variables);
    const queues = BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name })));
    return {
      module: PlatformModule,
      imports: [
        EnvConfigModule.forRoot({ token: SERVICE_ENV, schema: serviceEnvSchema, variables }),
        MongooseModule.forRootAsync({
          inject: [SERVICE_ENV],
          useFactory: ({ mongoUrl }: ServiceEnv) => ({
            uri: mongoUrl,
            ...storeCallBounds(deadline),
            ...STORE_POOL,
            bufferCommands: false,
            ...crashPoints.options,
            connectionFactory: crashPoints.connectionFactory,
          }),
        }),
        BullModule.forRootAsync({
          inject: [SERVICE_ENV],
          useFactory: ({ redisUrl, queuePrefix }: ServiceEnv) => ({ connection: { url: redisUrl }, prefix: queuePrefix }),
        }),
        queues,
        RateLimitsModule,
      ],
      providers: [RedisClient, searchEngineProvider, DependencyWatch, RequestDeadline, ReadModels],
      exports: [RedisClient, SEARCH_ENGINE, DependencyWatch, RequestDeadline, ReadModels, queues],
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.search.stop();
  }
}
