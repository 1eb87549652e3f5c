// How far the server's JavaScript heap may grow between two full collections (issue 15, ADR 0079).
//
// V8 sets the next full collection's threshold at up to 4× what the last one left alive. The server's live heap is
// small (about 60 MB at a million patents: the search columns are typed arrays outside it), but at start-up the
// schedule's tasks (the fee scan reads 709,076 patents there) and the search columns' build leave short-lived objects
// that outlive the young generation: the heap then grew to 200–220 MB before V8 collected it, and that slack, on top of
// the columns and the posting sets, set the server's peak memory (471–508 MB at a million patents against the 500 MB
// target). At 1.5×, with the posting sets read as bitmaps, the same start-up peaked at 335–362 MB.
import v8 from 'node:v8';

/** The heap grows to at most (1 + this / 100) times its live size before the next full collection. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets V8's heap growing factor for this process (its worker threads included). V8 reads the flag each time it sets a
 * threshold, so it applies from the next full collection on; called once, first thing, by main.ts.
 */
export function limitHeapGrowth(percent: number = HEAP_GROWING_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
