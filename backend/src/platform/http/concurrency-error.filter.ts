import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { ConcurrencyError } from '../../event-store/concurrency-error';

/** A change that lost every retry to other writers of the same stream: 409, and nothing was stored. */
@Catch(ConcurrencyError)
export class ConcurrencyErrorFilter implements ExceptionFilter {
  catch(_error: ConcurrencyError, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(HttpStatus.CONFLICT).json({
      statusCode: HttpStatus.CONFLICT,
      message: 'Many people changed this at the same moment. Please try again.',
    });
  }
}
