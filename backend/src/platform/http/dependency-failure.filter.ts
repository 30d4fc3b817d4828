import { type ArgumentsHost, Catch, HttpStatus } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';
import { sendRefusal } from './refusal-body';
import { awayDependency, SERVICE_UNAVAILABLE_MESSAGE, setUnavailableHeaders, warnOutage } from './service-unavailable';

/**
 * A request that failed because the store or Redis is away answers 503 with a message and Retry-After, never a
 * generic 500, in its route family's body (refusal-body.ts). Everything else goes to Nest's default handling.
 */
@Catch()
export class DependencyFailureFilter extends BaseExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): void {
    const away = host.getType() === 'http' ? awayDependency(error) : null;
    if (!away) return super.catch(error, host);
    warnOutage(away, error);
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    if (res.headersSent) return void res.end();
    setUnavailableHeaders(res);
    sendRefusal(http, HttpStatus.SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE);
  }
}
