import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus } from '@nestjs/common';
import { DomainError, type RefusalCode } from '../../domain/domain-error';
import { sendRefusal } from './refusal-body';

/** The status each kind of refusal answers with. */
const STATUS: Record<RefusalCode, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  'too-many': HttpStatus.TOO_MANY_REQUESTS,
};

/** A refusal of the domain, wherever it was thrown: its status, and its route family's body with the reader's message. */
@Catch(DomainError)
export class DomainErrorFilter implements ExceptionFilter {
  catch(error: DomainError, host: ArgumentsHost): void {
    sendRefusal(host.switchToHttp(), STATUS[error.code], error.message);
  }
}
