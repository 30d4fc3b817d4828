import { CursorTimeoutMode } from 'mongodb';

/**
 * How long one store call may take, by the kind of process that makes it: the driver's `timeoutMS` (client-side
 * operation timeout). The driver sends each command with a `maxTimeMS` of what is left of it, so the store gives up
 * too; it bounds the wait for a pooled connection, server selection and the round trip; a cursor read past it is
 * killed (`killCursors`), and a connection whose answer is late is closed, which makes FerretDB close that
 * connection's cursors and cancel its queries. So no call waits on a store that does not answer, and no call a caller
 * gave up on keeps a cursor (one of FerretDB's 100 SQLite connections) open: see docs/architecture.md, "The embedded
 * store never stops answering".
 *
 * - `request`: the API, whose every request answers within REQUEST_DEADLINE_MS (the same figure), so nothing a request
 *   started outlives it by more than one call.
 * - `worker`: the workers' projection rounds and mail, which hold a partition's lease for seconds.
 * - `tool`: the command-line tools (catalog import, rebuild, log migration, doctor's repairs), which write in bulk.
 */
export const STORE_DEADLINES = { request: 2_500, worker: 10_000, tool: 60_000 } as const;

export type StoreDeadline = keyof typeof STORE_DEADLINES;

/** The MongoClient (or mongoose connection) options that bound every call of a process of the given kind. */
export function storeCallBounds(kind: StoreDeadline) {
  return {
    timeoutMS: STORE_DEADLINES[kind],
    serverSelectionTimeoutMS: 5_000,
    connectTimeoutMS: 5_000,
  } as const;
}

/**
 * The find options of a cursor read over a whole collection at its reader's pace (the rebuild's log scan, the log
 * migration, a search index's load): the tools' deadline bounds each batch, not the whole read, which may take
 * minutes. Such a cursor is read to its end or closed in a `finally`, so it is never left open.
 */
export const LONG_SCAN = { timeoutMS: STORE_DEADLINES.tool, timeoutMode: CursorTimeoutMode.ITERATION } as const;
