// The contract of a search engine behind the patent search API (issue 15): what an external engine (e.g. OpenSearch
// with a Chinese analyzer) would implement to replace the SQL engines without changing a single answer of
// POST /v1/search/*, the exports, the trend charts or the monitoring rules.
//
// The built-in engines implement it in modules/search/search-engines.ts (`builtInSearchEngine`): the SQLite engine
// (the in-memory search columns + FTS5, or plain SQL) and the PostgreSQL engine (tsvector + SQL), both wrapping the
// same functions the API uses (resolveSearch, matchingAmong in search.service.ts; writeIndexes in index-writer.ts).
// Everything above the engine stays the product's: parsing (search/expression.ts → Node), the facet filters'
// checks and canonical spellings (checkFilters), the result window (SEARCH_DEPTH_MAX), hits and highlighting
// (read from `patents` by id), the search history.
import type { SearchSort } from '@ip/contract';
import type { Node } from '../expression';
import type { FacetCounts } from './facets';
import type { IndexEntry } from './index-writer';
import type { SearchFilters } from './structured';

export type { FacetCounts, IndexEntry, Node, SearchFilters, SearchSort };

/** One search as the engine sees it: the parsed tree, the checked facet filters, one window of the sorted result. */
export interface EngineQuery {
  /** The expression tree (parseExpression / parseEspacenet / the top-bar keywords), never re-parsed by the engine. */
  ast: Node;
  /**
   * Facet narrowing, already checked and in canonical form (checkFilters): ANDed to the expression, the values of
   * one facet ORed. `applicant` values are exact names; `ipc_section` / `ipc_class` are prefixes of the main IPC.
   */
  filters?: SearchFilters;
  /** 'relevance' (the rule below), or newest / oldest first by publication (pd) or application (ad) date. */
  sort: SearchSort;
  /** The window of ids wanted: rows offset … offset + limit − 1 of the sorted result (limit 0: total, facets). */
  offset: number;
  limit: number;
  /** Also count the facets (FacetCounts) over the WHOLE result, not the page. */
  facets: boolean;
  /** How many top applicants the facets list (20 in the API). */
  applicantLimit?: number;
  /** The relevance rule's limit (BM25_FULL_MAX = 5,000 in the product; tests lower it). */
  rankMax?: number;
}

/** What the engine answers: exact figures, never estimates. */
export interface EngineResult {
  /** The exact number of matching patents (no "10,000+" cap, no approximation). */
  total: number;
  /** Patent ids (patents.id) of the window, in sort order; [] past the end. */
  ids: number[];
  /** Over the whole result when asked: per-value counts ('' = unknown) and the top applicants. */
  facets?: FacetCounts;
}

/**
 * A search engine behind the patent search API.
 *
 * **Result sets** — `resolve` returns exactly the patents the expression matches by DOMAIN §4, the substring
 * oracle that the API tests check every engine against (modules/search/testing.ts: referenceMatch,
 * referenceEval): a term matches where its normalised segments (NFKC compatibility forms, full width → half
 * width, traditional → simplified character by character, lower case; search/normalise.ts) occur in order in the
 * normalised field text, separated only by non-token characters; Latin words and numbers are whole words (a
 * trailing `*` makes the last a prefix); a CJK segment is a plain substring of any length (one character
 * included), with no dictionary segmentation deciding what matches. Phrases, NEAR/n (distance in units of
 * docs/search/near-distance.md), the field codes (TI AB CL DE PA IN ADDR AG, TX = title/abstract/claims), dates,
 * numbers, IPC, type and legal status mean what search/expression.ts and search/engine/* give them; AND / OR / NOT
 * are exact set operations. No fuzziness, no synonyms, no stemming, no stop words, no minimum-should-match: an
 * engine with a Chinese analyzer must still index something equivalent to the app's own tokens (search/tokenise.ts:
 * per CJK character the bigram it starts or a run-end anchor, plus unigrams, with positions; whole words
 * otherwise — the tokens both built-in engines index) or verify its candidates, because an analyzer's word
 * segmentation misses substrings that cross its word boundaries. `total` and the facets are exact counts over
 * that set.
 *
 * **Ranking** (sort 'relevance'; the rule of `relevancePlan`, BM25_FULL_MAX, search.service.ts) —
 *   1. if every positive text condition of the tree matches at most `rankMax` patents by itself: scored, best first
 *      (BM25-like, field weights title 10, abstract 5, claims 2, description 1, applicant 3, inventor 3, address 1,
 *      agency 1), patents without a text score after the scored ones;
 *   2. else, when the tree has a title condition: the patents matching it in the title first, then the rest;
 *   3. else by date only;
 *   each tier, and ties, newest publication date first (empty dates last), then id descending. Within tier 1 only
 *   the order of the scores is engine-specific (SQLite's bm25 and PostgreSQL's weighted ts_rank differ); tiers 2–3
 *   and every date sort are exact and must be equal on every engine. Date sorts: empty dates last, then the date,
 *   then id, in the sort's direction.
 *
 * **Indexing** — `index` writes or replaces the text index of patents that exist in `patents` (IndexEntry: the raw
 * field texts; the engine normalises and tokenises them as above); `remove` drops patents' entries. Structured
 * fields (dates, type, legal status, IPC, applicants for facets) are read from the database by the built-in
 * engines; an external engine must copy them at `index` time too and be told of every change. The built-in engines
 * write in the same transaction as the patent rows (the import's path calls writeIndexes on its transaction); an
 * external engine cannot, so it needs an outbox (e.g. a change table written in that transaction and replayed)
 * to stay exactly equal to the database — search answers that lag the database break the "exact" contract above.
 *
 * **Limits** — `resolve` may refuse (a 400 with a Chinese message) a window reaching past SEARCH_DEPTH_MAX rows of a
 * larger result, as the built-in engines do; a window past the end is an empty `ids` with the exact total.
 */
export interface SearchEngine {
  /** For logs and figures, e.g. 'sqlite', 'postgres', 'opensearch'. */
  readonly name: string;
  /** Writes (or replaces, `replace`) the index entries of these patents. */
  index(entries: readonly IndexEntry[]): Promise<void>;
  /** Removes the index entries of these patents (a patent deleted or replaced by another record). */
  remove(patentIds: readonly number[]): Promise<void>;
  /** The exact total, the facets when asked, and one window of ids in sort order (see the contract above). */
  resolve(query: EngineQuery): Promise<EngineResult>;
  /** Which of `ids` (patents just imported or changed) match the tree (monitoring rules; order of `ids`). */
  matchingAmong(ast: Node, ids: readonly number[]): Promise<number[]>;
}
