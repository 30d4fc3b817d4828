import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { DependencyUnavailableError } from '../dependency-unavailable.error';
import { DependencyWatch } from '../dependency-watch';

/** How long a request runs before it is checked on, and how often after that. */
const DEADLINE_MS = 1500;
const RECHECK_MS = 100;

/**
 * The bound on a request's wait for the store or Redis. A stalled store (or one whose server selection is still
 * waiting) would hold a request for as long as it stays away; past the deadline, a request still running while the
 * watch sees a dependency away is given up with DependencyUnavailableError (503). A request that is merely slow,
 * with both answering, runs on. What the handler started is not cancelled: it finishes or fails in the background.
 */
@Injectable()
export class DependencyDeadlineInterceptor implements NestInterceptor {
  constructor(private readonly watch: DependencyWatch) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return new Observable((subscriber) => {
      const check = () => {
        const away = this.watch.away();
        if (away) subscriber.error(new DependencyUnavailableError(away));
        else timer = setTimeout(check, RECHECK_MS);
      };
      let timer = setTimeout(check, DEADLINE_MS);
      const handling = next.handle().subscribe(subscriber);
      return () => {
        clearTimeout(timer);
        handling.unsubscribe();
      };
    });
  }
}
