import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { Request } from 'express';
import { RequestDeadline } from '../request-deadline';
import { arrivalOf } from './request-arrival';

/**
 * Every route's request under the request deadline (request-deadline.ts), counted from its arrival (guards and all):
 * a request given up errors with
 * DependencyUnavailableError, which RefusalFilter answers 503; what the handler would still send is dropped.
 */
@Injectable()
export class DependencyDeadlineInterceptor implements NestInterceptor {
  constructor(private readonly deadline: RequestDeadline) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return new Observable((subscriber) => {
      const stop = this.deadline.arm((error) => subscriber.error(error), arrivalOf(context.switchToHttp().getRequest<Request>()));
      const handling = next.handle().subscribe(subscriber);
      return () => {
        stop();
        handling.unsubscribe();
      };
    });
  }
}
