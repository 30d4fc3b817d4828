import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Garbage let pile up on the heap at most before a collection. */
const SLACK_BYTES = 96 * 1024 * 1024;
/** Resident memory past which garbage is collected sooner: once this much has piled up. */
const RESIDENT_BUDGET = 256 * 1024 * 1024;
const MIN_SLACK_BYTES = 16 * 1024 * 1024;

/** V8's collector, exposed on first use: importing the engine (whose face exports the rebuild) changes no flag. */
let exposed: (() => void) | undefined;
const gc = (): void => {
  if (!exposed) {
    setFlagsFromString('--expose-gc');
    exposed = runInNewContext('gc') as () => void;
  }
  exposed();
};
let alive = 0;

/**
 * A full garbage collection, now. A rebuild holds a partition's documents and then drops them all at once; left to
 * itself V8 lets the heap grow to several times what is alive before it collects (measured: 190 MB of heap for 50 MB
 * alive), so the rebuild collects when a partition is done, and as garbage piles up (collectGarbageIfGrown).
 */
export function collectGarbage(): void {
  gc();
  alive = getHeapStatistics().used_heap_size;
}

/**
 * Collects once SLACK_BYTES of garbage may have piled up since the last collection, or MIN_SLACK_BYTES when the
 * process's resident memory is past RESIDENT_BUDGET: resident memory stays flat, and a collection (which marks all that
 * is alive) comes no more often than it must.
 */
export function collectGarbageIfGrown(): void {
  const grown = getHeapStatistics().used_heap_size - alive;
  if (grown > SLACK_BYTES || (grown > MIN_SLACK_BYTES && process.memoryUsage.rss() > RESIDENT_BUDGET)) collectGarbage();
}
