import type { ServiceEnv } from '@shelf/contracts';
import { createSearchEngine, type SearchEngine } from '@shelf/search-index';
import { SERVICE_ENV } from './service-env.token';

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');

export const searchEngineProvider = {
  provide: SEARCH_ENGINE,
  inject: [SERVICE_ENV],
  useFactory: (env: ServiceEnv): SearchEngine => createSearchEngine(env),
};
