// Limits shared by the index writers and the query compilers. They exist because of PostgreSQL's tsvector
// (see pg-tsvector.ts); SQLite obeys them too, so both engines accept the same queries.

/**
 * Positions a PostgreSQL tsvector can tell apart: 1..16383, larger ones are clamped to 16383. One chunk holds
 * at most this many main-stream tokens (a little under the limit).
 */
export const PG_CHUNK_POSITIONS = 16000;
/** A lexeme keeps at most 256 positions in one tsvector (later ones are silently dropped). */
export const PG_MAX_POSITIONS_PER_LEXEME = 256;
/** A tsvector's lexemes and positions must fit in 1 MB; a chunk's main stream stays well below (chunk 0 also holds the unigrams). */
export const PG_CHUNK_BYTES = 600_000;
/**
 * Tokens shared by two neighbouring chunks. Any window of at most CHUNK_OVERLAP + 1 consecutive main-stream
 * positions lies wholly inside some chunk. Must stay below PG_MAX_POSITIONS_PER_LEXEME so that a chunk cut
 * because one lexeme filled its 256 positions (a chunk then has ≥ 256 tokens) still moves forward.
 */
export const CHUNK_OVERLAP = 200;
export { MAX_TERM_TOKENS } from '../tokenise';
/**
 * Widest window a query can need: a phrase of MAX_TERM_TOKENS, or `a NEAR/n b` spanning at most
 * |a| + n + |b| ≤ 50 + 100 + 50 positions. Both fit in CHUNK_OVERLAP + 1, so a chunked index finds every
 * match an unchunked one would.
 */
export const MAX_WINDOW = CHUNK_OVERLAP + 1;
