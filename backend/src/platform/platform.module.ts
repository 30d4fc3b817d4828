import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Inject, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { QueueName, type ServiceEnv } from '@shelf/contracts';
import type { SearchEngine } from '@shelf/search-index';
import { DependencyWatch } from './dependency-watch';
import { ReadModels } from './read-models';
import { RedisClient } from './redis-client';
import { SEARCH_ENGINE, searchEngineProvider } from './search-engine.provider';
import { SERVICE_ENV } from './service-env.token';

/**
 * The connections every module of the API shares: the document store, Redis, the BullMQ queues (the API adds wake-ups
 * to the events queue; the operators' dashboard shows them all) and the search engine.
 */
@Global()
@Module({})
export class PlatformModule implements BeforeApplicationShutdown {
  constructor(@Inject(SEARCH_ENGINE) private readonly search: SearchEngine) {}

  static register(env: ServiceEnv): DynamicModule {
    const queues = BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name })));
    return {
      module: PlatformModule,
      imports: [
        MongooseModule.forRoot(env.mongoUrl, { serverSelectionTimeoutMS: 5000, bufferCommands: false }),
        BullModule.forRootAsync({
          inject: [SERVICE_ENV],
          useFactory: ({ redisUrl, queuePrefix }: ServiceEnv) => ({ connection: { url: redisUrl }, prefix: queuePrefix }),
        }),
        queues,
      ],
      providers: [{ provide: SERVICE_ENV, useValue: env }, RedisClient, searchEngineProvider, DependencyWatch, ReadModels],
      exports: [SERVICE_ENV, RedisClient, SEARCH_ENGINE, DependencyWatch, ReadModels, queues],
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.search.stop();
  }
}
