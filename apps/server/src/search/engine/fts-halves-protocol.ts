// What FtsHalves (fts-halves.ts) and its helper thread (fts-halves.worker.ts) share: the words of the control buffer
// and a request. A request's result is the bits of the ids found, in the shared buffer it names.

/** Control word: the helper has opened the database (0 → 1, once). */
export const HALF_READY = 0;
/** Control word: the state of the request in flight. */
export const HALF_STATE = 1;
export const HALF_PENDING = 0;
export const HALF_DONE = 1;
export const HALF_FAILED = 2;
export const HALF_CONTROL_WORDS = 2;

export interface HalfRequest {
  table: string;
  query: string;
  /** The half is rowid > after. */
  after: number;
  /** Shared: the result's bits, wordCount 32-bit words of it. */
  words: SharedArrayBuffer;
  wordCount: number;
}
