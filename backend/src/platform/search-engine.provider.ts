import { getConnectionToken } from '@nestjs/mongoose';
import type { ServiceEnv } from '@shelf/contracts';
import { createSearchEngine, type SearchEngine } from '@shelf/search-index';
import type { Connection } from 'mongoose';
import { SERVICE_ENV } from './service-env.token';

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');

/** The search engine, started (settings applied, embedded index loaded) before the API takes requests. */
export const searchEngineProvider = {
  provide: SEARCH_ENGINE,
  inject: [SERVICE_ENV, getConnectionToken()],
  useFactory: async (env: ServiceEnv, connection: Connection): Promise<SearchEngine> => {
    const engine = createSearchEngine(env, connection.db!);
    await engine.start();
    return engine;
  },
};
