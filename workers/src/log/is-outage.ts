import { isNativeError } from 'node:util/types';
import { MongoNetworkError, MongoNotConnectedError, MongoServerSelectionError, MongoTopologyClosedError } from 'mongodb';

/** Errors of a dependency being away (the store, Redis, the search engine), as opposed to an event that cannot be applied. */
const OUTAGE_NAMES = new Set(['MaxRetriesPerRequestError', 'MeiliSearchCommunicationError', 'MeiliSearchTimeOutError', 'MongoOperationTimeoutError', 'MongoWaitQueueTimeoutError']);

/** Node's errors for a socket the other side closed or refused: the store restarted under a pooled connection. */
const SOCKET_CLOSED_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

/**
 * An outage is waited out (the partition is tried again later) rather than counted against the event: parking every
 * event that arrives while the store is down would be wrong.
 */
export function isOutage(error: unknown): boolean {
  // Node makes its socket errors in its own realm, not `instanceof` a VM context's Error (Jest's): told by shape.
  if (!isNativeError(error)) return false;
  return (
    SOCKET_CLOSED_CODES.has((error as NodeJS.ErrnoException).code ?? '') ||
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    OUTAGE_NAMES.has(error.name) ||
    // A bulk write that timed out or lost its connection fails as a MongoBulkWriteError saying so, with no write errors.
    /Connection is closed|connection \d+ to \S+ (closed|timed out)|Timed out during|ECONNREFUSED|ECONNRESET/.test(error.message)
  );
}
