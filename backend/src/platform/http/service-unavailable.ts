import { Logger } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { isNativeError } from 'node:util/types';
import {
  MongoDriverError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
} from 'mongodb';
import { DependencyUnavailableError } from '../dependency-unavailable.error';
import type { Dependency } from '../dependency-watch';

/** What a request given up on because the store or Redis is away is answered, with status 503. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The site is temporarily unavailable. Please try again shortly.';
/** Seconds a client should wait before trying again; an outage the site recovers from by itself is usually short. */
const RETRY_AFTER_SECONDS = 5;

/** What ioredis rejects a command with when Redis does not answer (commandTimeout, maxRetriesPerRequest, closed). */
const REDIS_AWAY_MESSAGES = new Set(['Command timed out', 'Connection is closed.', "Stream isn't writeable and enableOfflineQueue options is false"]);

/**
 * Node's error for a write to, or a read from, a socket the other side closed. Node makes it in its own realm, so it is
 * not `instanceof` the Error of a VM context the app may run in (Jest's): told by its shape instead.
 */
const isSocketClosed = (error: unknown) => isNativeError(error) && ['EPIPE', 'ECONNRESET'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The dependency an error says is away: the request deadline's, or a connection, selection or timeout error of the driver or ioredis. */
export function awayDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  if (
    // Also a pool cleared under an operation, and network timeouts (storeCallBounds' connect timeout).
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoNotConnectedError ||
    // No pooled connection came free in time: every one is held by a call the store has not answered.
    // (The driver does not export the error's class.)
    (error instanceof MongoDriverError && error.name === 'MongoWaitQueueTimeoutError') ||
    // A primary stepping down or shutting down: the driver labels what may simply be tried again.
    (error instanceof MongoServerError && error.hasErrorLabel('RetryableWriteError')) ||
    // A pooled connection the store closed (it restarted), written to before the driver saw it close: the driver
    // passes Node's own socket error on unwrapped (Socket.writeAfterFIN). ioredis reports its own as above.
    isSocketClosed(error)
  ) {
    return 'store';
  }
  if (error instanceof Error && (error.name === 'MaxRetriesPerRequestError' || REDIS_AWAY_MESSAGES.has(error.message))) return 'redis';
  return null;
}

/** The headers of every 503 of an outage: when to try again, and that the answer is not to be kept. */
export function setUnavailableHeaders(res: ServerResponse): void {
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  res.setHeader('Cache-Control', 'no-store');
}

const logger = new Logger('Dependencies');
let lastWarned = 0;

/**
 * Logs that requests are answered 503 because `away` is, one line a minute at most for the whole process (the routes'
 * filter and the pages alike): an outage fails every request, and health names the dependency anyway.
 */
export function warnOutage(away: Dependency, error: unknown): void {
  if (Date.now() - lastWarned < 60_000) return;
  lastWarned = Date.now();
  logger.warn(`answering 503: the ${away} is away (${error instanceof Error ? error.message : String(error)})`);
}
