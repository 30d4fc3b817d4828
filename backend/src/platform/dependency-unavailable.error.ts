import type { Dependency } from './dependency-watch';

/** A request given up on because the store or Redis did not answer in time; answered 503 (dependency-failure.filter.ts). */
export class DependencyUnavailableError extends Error {
  constructor(readonly dependency: Dependency) {
    super(`the ${dependency} did not answer in time`);
    this.name = 'DependencyUnavailableError';
  }
}
