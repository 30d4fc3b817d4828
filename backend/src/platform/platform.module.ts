import { type DynamicModule, Global, Inject, Module, type BeforeApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { ServiceEnv } from '@shelf/contracts';
import type { SearchEngine } from '@shelf/search-index';
import { DependencyWatch } from './dependency-watch';
import { ReadModels } from './read-models';
import { RedisClient } from './redis-client';
import { SEARCH_ENGINE, searchEngineProvider } from './search-engine.provider';
import { SERVICE_ENV } from './service-env.token';

/** The connections every module of the API shares: the document store, Redis and the search engine. */
@Global()
@Module({})
export class PlatformModule implements BeforeApplicationShutdown {
  constructor(@Inject(SEARCH_ENGINE) private readonly search: SearchEngine) {}

  static register(env: ServiceEnv): DynamicModule {
    return {
      module: PlatformModule,
      imports: [MongooseModule.forRoot(env.mongoUrl, { serverSelectionTimeoutMS: 5000, bufferCommands: false })],
      providers: [{ provide: SERVICE_ENV, useValue: env }, RedisClient, searchEngineProvider, DependencyWatch, ReadModels],
      exports: [SERVICE_ENV, RedisClient, SEARCH_ENGINE, DependencyWatch, ReadModels],
    };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.search.stop();
  }
}
