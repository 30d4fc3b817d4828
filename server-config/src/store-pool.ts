/**
 * Store calls one process has in flight at most (the driver's connection pool; more wait for a connection). FerretDB
 * 1.24 on SQLite, the embedded store, serves every client from 100 SQLite connections, and an update or
 * findAndModify holds one (reading the documents it changes) while it waits for another (its transaction): with 100
 * such calls in flight at once, from every process together, each holds one and waits for ever, and the store stops
 * answering anyone (seen in `bench:projections` at 80 events/s: 100 updates each holding a connection and waiting in
 * BeginTx, nothing answered for minutes). The project's FerretDB patch 0003 removes that cause (tools/ferretdb); the
 * bound stays, as headroom: two cores gain nothing past a few concurrent calls, so an API and a worker process with 16
 * each, and the tools, stay far below the store's 100.
 */
export const STORE_POOL = { maxPoolSize: 16 } as const;
