import { Injectable } from '@nestjs/common';
import { STORE_DEADLINES } from '@shelf/server-config';
import { DependencyUnavailableError } from './dependency-unavailable.error';
import { DependencyWatch } from './dependency-watch';

/** How long a request runs before it is checked on, and how often after that. */
const CHECK_FROM_MS = 1500;
const RECHECK_MS = 100;
/**
 * The most a request waits for its answer: every call answers (its answer, or 503 with Retry-After) within 3 s, busy
 * store or not. A request waiting on a stalled store is given up sooner, by the watch (a call queued behind others, a
 * connection being opened, a group commit of the process's own all wait on a call the stalled store does not answer).
 * Past it the request is given up whatever the watch says: the store, unless Redis is seen away (Redis commands have
 * their own short timeout, see redis-client.ts). Each store call the request started has the same bound
 * (STORE_DEADLINES.request, the driver's timeoutMS), so nothing it started outlives it by more than one call.
 */
export const REQUEST_DEADLINE_MS = STORE_DEADLINES.request;

/**
 * The bound on every request's wait for the store or Redis: from 1.5 s, a request still running while the watch sees a
 * dependency away (the store answering nothing for 750 ms, see DependencyWatch) is given up with
 * DependencyUnavailableError (answered 503 with Retry-After); at REQUEST_DEADLINE_MS, any request still running is. What the request
 * started is not cancelled: it finishes or fails in the background, within the store's call bounds
 * (storeCallBounds). Nest's routes take it through DependencyDeadlineInterceptor, the server-rendered pages through
 * `within`.
 */
@Injectable()
export class RequestDeadline {
  constructor(private readonly watch: DependencyWatch) {}

  /**
   * Starts a request's clock, from `started` (its arrival, `arrivalOf`, so the time its guards took counts too):
   * `giveUp` is called once, if the request is to be given up. Returns the function that stops the clock, to call when
   * the request has its answer.
   */
  arm(giveUp: (error: DependencyUnavailableError) => void, started = performance.now()): () => void {
    let timer: NodeJS.Timeout;
    const check = () => {
      const away = this.watch.away();
      const left = REQUEST_DEADLINE_MS - (performance.now() - started);
      if (away || left <= 0) giveUp(new DependencyUnavailableError(away ?? 'store'));
      else timer = setTimeout(check, Math.min(RECHECK_MS, left));
    };
    timer = setTimeout(check, Math.max(0, CHECK_FROM_MS - (performance.now() - started)));
    return () => clearTimeout(timer);
  }

  /** What `work` settles with, or DependencyUnavailableError if the request that arrived at `started` is given up first. */
  within<T>(work: Promise<T>, started?: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const stop = this.arm(reject, started);
      work.then(resolve, reject).finally(stop);
    });
  }
}
