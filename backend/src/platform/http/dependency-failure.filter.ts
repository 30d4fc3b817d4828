import { type ArgumentsHost, Catch, HttpStatus, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Response } from 'express';
import {
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
} from 'mongodb';
import { DependencyUnavailableError } from '../dependency-unavailable.error';
import type { Dependency } from '../dependency-watch';
import { sendRefusal } from './refusal-body';

const SERVICE_UNAVAILABLE_MESSAGE = 'The site is temporarily unavailable. Please try again shortly.';
/** Seconds a client should wait before trying again; an outage the site recovers from by itself is usually short. */
const RETRY_AFTER_SECONDS = 5;

/** What ioredis rejects a command with when Redis does not answer (commandTimeout, maxRetriesPerRequest, closed). */
const REDIS_AWAY_MESSAGES = new Set(['Command timed out', 'Connection is closed.', "Stream isn't writeable and enableOfflineQueue options is false"]);

/** The dependency an error says is away: a connection, selection or timeout error of the driver or ioredis. */
function awayDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  if (
    // Also a pool cleared under an operation, and network timeouts.
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoNotConnectedError ||
    // A primary stepping down or shutting down: the driver labels what may simply be tried again.
    (error instanceof MongoServerError && error.hasErrorLabel('RetryableWriteError'))
  ) {
    return 'store';
  }
  if (error instanceof Error && (error.name === 'MaxRetriesPerRequestError' || REDIS_AWAY_MESSAGES.has(error.message))) return 'redis';
  return null;
}

/**
 * A request that failed because the store or Redis is away answers 503 with a message and Retry-After, never a
 * generic 500, in its route family's body (refusal-body.ts). Everything else goes to Nest's default handling.
 */
@Catch()
export class DependencyFailureFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('Dependencies');
  private lastWarned = 0;

  override catch(error: unknown, host: ArgumentsHost): void {
    const away = host.getType() === 'http' ? awayDependency(error) : null;
    if (!away) return super.catch(error, host);
    this.warn(away, error);
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    if (res.headersSent) return void res.end();
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS)).setHeader('Cache-Control', 'no-store');
    sendRefusal(http, HttpStatus.SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE);
  }

  /** One line a minute at most: an outage fails every request, and health names the dependency anyway. */
  private warn(away: Dependency, error: unknown): void {
    if (Date.now() - this.lastWarned < 60_000) return;
    this.lastWarned = Date.now();
    this.logger.warn(`answering 503: the ${away} is away (${error instanceof Error ? error.message : String(error)})`);
  }
}
