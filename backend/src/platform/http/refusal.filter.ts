import { type ArgumentsHost, Catch, HttpStatus, UseFilters } from '@nestjs/common';
import type { HttpArgumentsHost } from '@nestjs/common/interfaces';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';
import { DomainError, type RefusalCode } from '../../domain/domain-error';
import { ConcurrencyError } from '../../event-store/concurrency-error';
import { awayDependency, SERVICE_UNAVAILABLE_MESSAGE, setUnavailableHeaders, warnOutage } from './service-unavailable';

/** The status each kind of refusal of the domain answers with. */
const STATUS: Record<RefusalCode, HttpStatus> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  'too-many': HttpStatus.TOO_MANY_REQUESTS,
};

const CONCURRENCY_MESSAGE = 'Many people changed this at the same moment. Please try again.';

/** What a route's refusals carry besides the status and the message: the `success` of the spec's answers. */
export interface RefusalCarries {
  success?: 0 | false;
}

export type RefusalBody = { statusCode: number; message: string } & RefusalCarries;

/**
 * Every refusal the API answers itself, as JSON whatever else the route answers with (a cover is SVG): a refusal of the
 * domain (DomainError) with its status and message; a change that lost every retry to other writers of the same stream
 * (ConcurrencyError) 409, nothing stored; a store or Redis that is away 503 with Retry-After, never a generic 500.
 * Anything else goes to Nest's default handling. Global; a controller whose answers carry more says so with
 * RefusalsCarry, which gives its routes a filter of their own.
 */
@Catch()
export class RefusalFilter extends BaseExceptionFilter {
  protected readonly carries: RefusalCarries = {};

  override catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return super.catch(error, host);
    const http = host.switchToHttp();
    if (error instanceof DomainError) return this.refuse(http, STATUS[error.code], error.message);
    if (error instanceof ConcurrencyError) return this.refuse(http, HttpStatus.CONFLICT, CONCURRENCY_MESSAGE);
    const away = awayDependency(error);
    if (!away) return super.catch(error, host);
    warnOutage(away, error);
    const res = http.getResponse<Response>();
    // An answer under way (a whole thread streamed) cannot turn into a 503: it is cut, so that the client sees it fail
    // rather than take the part sent for a whole 200.
    if (res.headersSent) return void res.destroy();
    setUnavailableHeaders(res);
    this.refuse(http, HttpStatus.SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE);
  }

  private refuse(http: HttpArgumentsHost, statusCode: number, message: string): void {
    const body: RefusalBody = { statusCode, ...this.carries, message };
    http.getResponse<Response>().status(statusCode).type('json').json(body);
  }
}

/**
 * The refusals of a controller's routes (or of one route) carry `carries` besides the status and the message: the
 * module that owns the routes says what its answers look like. (A filter of the routes' own is tried before the
 * global one.)
 */
export function RefusalsCarry(carries: RefusalCarries): ClassDecorator & MethodDecorator {
  @Catch()
  class CarryingRefusalFilter extends RefusalFilter {
    protected override readonly carries = carries;
  }
  return UseFilters(CarryingRefusalFilter);
}
