// What FtsHalves (fts-halves.ts) and its helper thread (fts-halves.worker.ts) share: the words of the control buffer
// and a request. A request's result is the bits of the ids found, in the shared buffer it names, or a text sent on
// the result port the helper was started with.

/** Control word: the helper has opened the database (0 → 1, once). */
export const HALF_READY = 0;
/** Control word: the state of the request in flight. */
export const HALF_STATE = 1;
export const HALF_PENDING = 0;
export const HALF_DONE = 1;
export const HALF_FAILED = 2;
export const HALF_CONTROL_WORDS = 2;

/** The ids an FTS5 query matches in the half, as bits in the shared buffer `words`. */
export interface BitsRequest {
  kind: 'bits';
  table: string;
  query: string;
  /** The half is rowid > after. */
  after: number;
  /** Shared: the result's bits, wordCount 32-bit words of it. */
  words: SharedArrayBuffer;
  wordCount: number;
}

/** ip_hits over patents_tx in the half (`id:n_ti:n_ab:n_cl`, comma-joined, or null), sent back on the result port. */
export interface HitsRequest {
  kind: 'hits';
  query: string;
  after: number;
}

/**
 * The facet counts of a result's members in words [fromWord, toWord) of `set` (ADR 0078): the store's arrays, shared
 * (column-store.ts allocates them on SharedArrayBuffers), and the counters written into `out` (facet-count.ts'
 * layout for `sizes`, then one word: how many had no applicant).
 */
export interface FacetsRequest {
  kind: 'facets';
  set: SharedArrayBuffer;
  setWords: number;
  fromWord: number;
  toWord: number;
  rec: SharedArrayBuffer;
  secOf: SharedArrayBuffer;
  clsOf: SharedArrayBuffer;
  more: SharedArrayBuffer;
  moreWords: number;
  pool: SharedArrayBuffer;
  sizes: readonly [number, number, number];
  out: SharedArrayBuffer;
}

export type HalfRequest = BitsRequest | HitsRequest | FacetsRequest;

/** The ids an FTS5 query matches in `table`, comma-joined (group_concat builds the list in C), for the rowids `op` a bound. */
export const idsSql = (table: string, op: '' | '<=' | '>') =>
  `SELECT group_concat(rowid) FROM ${table} WHERE ${table} MATCH ?${op ? ` AND rowid ${op} ?` : ''}`;

/** ip_hits over patents_tx (ip_fts5.c) for the rowids `op` a bound. The subquery keeps the auxiliary function out of the aggregate (FTS5 refuses it there). */
export const hitsSql = (op: '' | '<=' | '>') =>
  `SELECT group_concat(h) FROM (SELECT ip_hits(patents_tx) AS h FROM patents_tx WHERE patents_tx MATCH ?${op ? ` AND rowid ${op} ?` : ''} LIMIT -1)`;
