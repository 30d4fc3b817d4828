import { getConnectionToken } from '@nestjs/mongoose';
import { type SearchEngine, startSearchEngine } from '@shelf/search-index';
import type { Connection } from 'mongoose';
import { SERVICE_ENV, type ServiceEnv } from './config/service-env';

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');

/** The search engine the search projector writes to, started before the first job. */
export const searchEngineProvider = {
  provide: SEARCH_ENGINE,
  inject: [SERVICE_ENV, getConnectionToken()],
  useFactory: (env: ServiceEnv, connection: Connection): Promise<SearchEngine> => startSearchEngine(env, connection.db!),
};
