import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus } from '@nestjs/common';
import { ConcurrencyError } from '../../event-store/concurrency-error';
import { sendRefusal } from './refusal-body';

/** A change that lost every retry to other writers of the same stream: 409, and nothing was stored. */
@Catch(ConcurrencyError)
export class ConcurrencyErrorFilter implements ExceptionFilter {
  catch(_error: ConcurrencyError, host: ArgumentsHost): void {
    sendRefusal(host.switchToHttp(), HttpStatus.CONFLICT, 'Many people changed this at the same moment. Please try again.');
  }
}
