import { MongoNetworkError, MongoNotConnectedError, MongoServerSelectionError, MongoTopologyClosedError } from 'mongodb';

/** Errors of a dependency being away (the store, Redis, the search engine), as opposed to an event that cannot be applied. */
const OUTAGE_NAMES = new Set(['MaxRetriesPerRequestError', 'MeiliSearchCommunicationError', 'MeiliSearchTimeOutError', 'MongoOperationTimeoutError', 'MongoWaitQueueTimeoutError']);

/**
 * An outage is waited out (the partition is tried again later) rather than counted against the event: parking every
 * event that arrives while the store is down would be wrong.
 */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    OUTAGE_NAMES.has(error.name) ||
    /Connection is closed|connection \d+ to \S+ closed|ECONNREFUSED|ECONNRESET/.test(error.message)
  );
}
