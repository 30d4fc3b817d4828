/**
 * Operations sent in one bulk write at most. FerretDB 1.24 on SQLite, the embedded store, never answers a bulk write
 * of 100 updates or replacements, and stops answering every other client meanwhile (measured: a read from another
 * connection still waiting after 5 s, the whole site stalled); 40 answer in about 40 ms.
 */
export const BULK_WRITE_CHUNK = 40;

/** The items in consecutive slices of `size` at most. */
export function* inChunks<T>(items: readonly T[], size = BULK_WRITE_CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
