/**
 * The bounds on every call a process makes to the document store, for its MongoClient (or mongoose connection)
 * options. Without them the driver waits as long as the store does: a stalled store keeps its TCP connections open and
 * never answers, so a call, a wait for a pooled connection, or a new connection's handshake would never end. Each
 * bound fails the call with a driver error the API answers 503 (dependency-failure.filter.ts): finding a server
 * (MongoServerSelectionError), opening a connection (MongoNetworkTimeoutError), waiting for one while all are in use
 * (WaitQueueTimeoutError), and one round trip (MongoNetworkTimeoutError; the connection is closed, so a late answer is
 * never read as another call's).
 *
 * They are backstops, far above what a well store takes (milliseconds) and above what a busy one takes during a
 * rebuild (seconds): a request gets its quick 503 from the API's own deadline (request-deadline.ts), these make sure
 * that nothing it started waits on for ever. A round trip may legitimately be long (a getMore of a large batch while a
 * rebuild writes), so it gets the most.
 */
export const STORE_CALL_BOUNDS = {
  serverSelectionTimeoutMS: 5_000,
  connectTimeoutMS: 5_000,
  waitQueueTimeoutMS: 10_000,
  socketTimeoutMS: 30_000,
} as const;
