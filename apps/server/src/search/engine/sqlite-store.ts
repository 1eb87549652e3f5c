// SQLite fast path: the few columns search filters, sorts and facets on, held in memory as typed arrays (column-store.ts)
// indexed by patent id, next to FTS5 for the text. An expression is evaluated to a Bitset of patent ids:
// text subtrees by one FTS5 query each (the same FTS5 queries compile-sqlite.ts builds), dates/type/legal status
// on the arrays (only over the candidates the text already narrowed to), IPC/AN/PN by their indexes. Total,
// facets and date order then need no further SQL: counting 100,000 matches is a loop over typed arrays, where
// SQL would look up 100,000 wide patent rows (type, legal status and year sit behind the long texts). The arrays
// load from one narrow covering index (patents_search_columns, migration 003).
//
// Freshness: migration 003 adds triggers that append every changed patent id to `search_changes`. Each search
// first reads the changes since the last one and reloads just those patents (or everything, after a big import
// or when another process pruned the log). The arrays are built on the first search: at once for a small
// database, else in the background in chunks that yield the event loop (several seconds per million patents),
// search answering through SQL meanwhile. They live as long as the database handle.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import type { Node } from '../expression/ast';
import { parsePublicationNumber } from '../patent-number';
import { addBitmap, addIdList, Bitset } from './bitset';
import { loadSearchExtension } from '../../db/native';
import { hasIndexFiles, INDEX_FILES } from '../../db/index-files';
import { ftsQuery, titleIndexQuery, txIndexQuery } from './compile-sqlite';
import { FTS_HALVES_MIN, ftsHalvesOf, inHalves, type FtsHalves } from './fts-halves';
import { hitsSql, idsSql } from './fts-halves-protocol';
import { Postings, POSTING_DEFAULTS, type PostingOptions } from './postings';
import { prefixEnd } from './structured';
import {
  buildStore,
  ColumnStore,
  dateComparator,
  lruGet,
  lruSet,
  MAX_ID,
  ROW_COLUMNS,
  topK,
  type StoreState,
} from './column-store';

/**
 * Up to this many candidates, an IPC condition is checked patent by patent (about 2 µs each when the pages are in
 * the cache, 30 µs when not) rather than by reading the code's whole range.
 */
const IPC_BY_PATENT_MAX = 500;
/** The change log is pruned once this many entries have been read. */
const PRUNE_EVERY = 5000;
/** Patents read per step while building; up to SYNC_BUILD_MAX_ID the build does not yield. */
const LOAD_CHUNK = 20000;
const SYNC_BUILD_MAX_ID = 50000;
/** Above this many changed patents a full reload is cheaper than patching. */
const FULL_RELOAD_CHANGES = 20000;
/** Above this many change log entries (a patent is logged once per table changed) refresh() reloads in full. */
export const MAX_PATCH_CHANGES = FULL_RELOAD_CHANGES * 4;
/** Title queries whose checks by id titleAmong keeps. */
const KEPT_TITLE_CHECKS = 32;
/** Queries whose term counts are kept for the next page (keptScores). */
const KEPT_SCORED = 16;
/** bm25()'s constants (fts5_aux.c; ip_fts5.c). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** The patents a one-phrase query matches, with the phrase's instances in each column of patents_tx (ti, ab, cl). */
interface ScoredRows {
  ids: Int32Array;
  /** 3 per patent. */
  counts: Int32Array;
}

export type { SortKey } from './column-store';
export { dateComparator, topK };

export class SqliteStore extends ColumnStore {
  private lastSeq = 0;
  private prunedUpTo = 0;
  private built = false;
  private stmts: Record<string, Database.Statement> = {};
  /** The sets of the most frequent two-character terms (postings.ts), built after the arrays. */
  private postings: Postings | null = null;
  /** Set when the store is replaced: a postings build still running stops. */
  private retired = false;
  /**
   * Whether the connection has ip_bm25 (db/native.ts); then `docTokens` holds each patent's token count in patents_fts
   * (what bm25() reads from patents_fts_docsize for every row it scores), kept like the other arrays.
   */
  private readonly native: boolean;
  private docTokens = new Uint32Array(0);
  /** Whether FTS5 queries on 名称/摘要/权利要求 run on patents_tx (migration 054; IP_TX_INDEX=off: on patents_fts). */
  private readonly txIndex: boolean;
  /** Whether the extension has ip_hits (an older build of it does not): see scoredRows(). */
  private readonly hits: boolean;
  /**
   * Whether the extension has ip_rowid_bits (an older build of it does not): the posting sets' build reads each term's
   * ids as a bitmap with it (postingSet()). Tests turn it off to compare.
   */
  postingBitmaps: boolean;
  /**
   * What titleAmong found for recent title queries, id by id (the next page, or the same search again, checks the
   * same first candidates: 5 ms for 电池 at a million patents); least recent first, dropped with `cache`.
   */
  private titleChecked = new Map<string, Map<number, boolean>>();
  /** IPC codes whose whole range ipc() has read (tests, figures). */
  ipcRangeReads = 0;
  /** Candidates titleAmong has looked up in FTS5 (tests, figures). */
  titleSeeks = 0;
  /** Term counts of recent one-phrase queries (scoredRows()), least recent first; dropped with `cache`. */
  private scored = new Map<string, ScoredRows>();
  /** The side files' data_version (none on a connection without them) and their last values (checkIndexFiles). */
  private readonly indexVersions: Database.Statement[];
  private indexVersion = '';
  /** Live patents whose FTS5 row was not there when their token count was read. */
  private readonly unindexed = new Set<number>();

  constructor(private raw: Database.Database) {
    super();
    this.indexVersions = hasIndexFiles(raw) ? INDEX_FILES.map((f) => raw.prepare(`PRAGMA ${f.schema}.data_version`).pluck()) : [];
    this.txIndex = process.env.IP_TX_INDEX !== 'off' && hasTable(raw, 'patents_tx');
    this.native = loadSearchExtension(raw) && hasTable(raw, 'patents_fts_docsize');
    if (this.native) raw.function('ip_doc_tokens', { deterministic: false }, (id) => this.docTokens[Number(id)] ?? 0);
    this.hits = this.native && this.txIndex && prepares(raw, hitsSql(''));
    this.postingBitmaps = loadSearchExtension(raw) && prepares(raw, bitsSql('patents_fts'));
  }

  protected override onResize(cap: number, regrow: (b: Bitset) => Bitset): void {
    this.postings?.resize(cap, regrow);
    if (this.native) {
      const d = new Uint32Array(cap);
      d.set(this.docTokens.subarray(0, Math.min(cap, this.docTokens.length)));
      this.docTokens = d;
    }
  }

  /** Sets the token counts of the patents with ids in [from, to] from patents_fts_docsize (0 where it has no row). */
  private loadDocTokens(from: number, to: number): void {
    if (!this.native) return;
    this.docTokens.fill(0, Math.min(from, this.docTokens.length), Math.min(to + 1, this.docTokens.length));
    const rows = this.stmt('docsize', 'SELECT id, sz FROM patents_fts_docsize WHERE id >= ? AND id <= ?')
      .raw()
      .iterate(from, to) as IterableIterator<[number, Buffer]>;
    for (const [id, sz] of rows) if (id < this.docTokens.length) this.docTokens[id] = tokenTotal(sz);
    // A patent without its row yet (an import's index workers are behind, ADR 0089): read again when they commit.
    for (let id = from; id <= Math.min(to, this.docTokens.length - 1); id++)
      if (this.docTokens[id] === 0 && this.live.has(id)) this.unindexed.add(id);
  }

  /**
   * The side files' data_version (db/index-files.ts) changes when another connection commits to them: an import's
   * index workers write a batch's FTS5 rows after its patents, which the change log has already brought in. Then the
   * sets and results kept from the text queries are dropped, and the token counts of the patents that had no index
   * row are read again.
   */
  private checkIndexFiles(): void {
    if (!this.indexVersions.length) return;
    const version = this.indexVersions.map((v) => v.get()).join(',');
    if (version === this.indexVersion) return;
    this.indexVersion = version;
    const ids = [...this.unindexed];
    this.unindexed.clear();
    for (const id of ids) this.loadDocTokens(id, id);
    this.cache.clear();
    this.scored.clear();
    this.titleChecked.clear();
    this.results.clear();
  }

  private stmt(key: string, source: string): Database.Statement {
    return (this.stmts[key] ??= this.raw.prepare(source));
  }
  // ─── loading ──────────────────────────────────────────────────────────────────────────────────────────────
  /** Starts a load: the change log position and the arrays sized for the current ids. */
  private beginLoad(): void {
    this.lastSeq = (this.raw.prepare('SELECT coalesce(max(seq), 0) FROM search_changes').pluck().get() as number) ?? 0;
    const maxId = (this.raw.prepare('SELECT coalesce(max(id), 0) FROM patents').pluck().get() as number) ?? 0;
    // The arrays are indexed by id: very sparse ids would not fit (search then stays on SQL).
    if (maxId > MAX_ID) this.unusable = true;
    else this.grow(maxId);
  }

  /**
   * Loads the patents with ids in (after, after + LOAD_CHUNK], from the narrow covering index (migration 003), not
   * from the wide rows. Returns where the next chunk starts, or null when no patent is left. Changes made meanwhile are in the change log
   * after the position beginLoad() noted, and the first refresh() applies them.
   */
  private loadChunk(after: number): number | null {
    if (this.unusable) return null;
    // Rows are streamed (iterate), not collected: a chunk of arrays would only grow the heap.
    let rows: IterableIterator<unknown[]>;
    try {
      rows = this.stmt('chunk', `SELECT ${ROW_COLUMNS} FROM patents INDEXED BY patents_search_columns WHERE id > ? AND id <= ?`)
        .raw()
        .iterate(after, after + LOAD_CHUNK) as IterableIterator<unknown[]>;
    } catch {
      rows = this.stmt('chunk-plain', `SELECT ${ROW_COLUMNS} FROM patents WHERE id > ? AND id <= ?`)
        .raw()
        .iterate(after, after + LOAD_CHUNK) as IterableIterator<unknown[]>;
    }
    for (const r of rows) this.setRaw(r);
    const apps = this.stmt('chunk-apps', 'SELECT patent_id, name FROM patent_applicants WHERE patent_id > ? AND patent_id <= ?')
      .raw()
      .iterate(after, after + LOAD_CHUNK) as IterableIterator<[number, string]>;
    for (const [id, name] of apps) if (this.live.has(id)) this.addApplicant(id, name);
    this.loadDocTokens(after + 1, after + LOAD_CHUNK);
    const next = this.stmt('chunk-next', 'SELECT min(id) FROM patents WHERE id > ?')
      .pluck()
      .get(after + LOAD_CHUNK) as number | null;
    return next === null || next > this.cap - 1 ? null : next - 1;
  }

  /**
   * Builds the sets of the most frequent two-character terms (postings.ts) in the background; resolves with how many
   * there are. Searches use each set as soon as it is there.
   */
  async buildPostings(opts: PostingOptions = POSTING_DEFAULTS): Promise<number> {
    const postings = new Postings(this.raw, opts);
    const tokens = postings.chooseTokens(this.live);
    if (!tokens.length) return 0;
    this.postings = postings;
    await postings.build(
      tokens,
      (q) => this.postingSet(q),
      () => this.retired,
    );
    return postings.size;
  }

  /**
   * A posting set: the live patents a single-term FTS5 query matches. With ip_rowid_bits the ids come as one bitmap
   * of 128 KB at a million patents, in one query on this thread; without it, as ftsBitset reads them, a text of up to
   * 6 MB per term from each half. The build reads hundreds of the most frequent terms at start-up, and those texts'
   * garbage set the server's peak memory (ADR 0079).
   */
  private postingSet(query: string): Bitset {
    if (!this.postingBitmaps) return this.ftsBitset(query);
    const [table, q] = this.ftsTable(query);
    const out = new Bitset(this.cap);
    const b = this.stmt(`bits ${table}`, bitsSql(table)).pluck().get(q) as Uint8Array | null;
    if (b) addBitmap(out.words, b, this.live.words);
    return out;
  }

  /** The tokens with a posting set (tests, figures). */
  postingTokens(): string[] {
    return this.postings?.tokens() ?? [];
  }

  /** This store is no longer the handle's (a full reload replaced it). */
  retire(): void {
    this.retired = true;
  }

  private finishLoad(): void {
    this.built = true;
    this.prune(true);
  }

  /** Builds the arrays at once (small databases, tests). */
  loadSync(): void {
    this.beginLoad();
    for (let after: number | null = 0; after !== null; after = this.loadChunk(after));
    this.finishLoad();
  }

  /** Builds the arrays chunk by chunk, giving the event loop back between chunks (large databases). */
  async loadAsync(): Promise<void> {
    this.beginLoad();
    for (let after: number | null = 0; after !== null; after = this.loadChunk(after)) {
      await nextTurn();
    }
    await this.buildOrders();
    this.finishLoad();
  }

  /**
   * Drops the change log this store has read, now and then (it is a write: never on every search). Another
   * process that had not read those rows yet sees the gap and reloads in full. A busy database is left alone.
   */
  private prune(force = false): void {
    if (this.lastSeq - this.prunedUpTo < PRUNE_EVERY && !(force && this.lastSeq > this.prunedUpTo)) return;
    try {
      this.raw.prepare('DELETE FROM search_changes WHERE seq <= ?').run(this.lastSeq);
      this.prunedUpTo = this.lastSeq;
    } catch {
      // SQLITE_BUSY or a read-only database: try again later.
    }
  }

  /**
   * Brings the arrays up to date with the tables (call before every search). Returns false when that takes a full
   * reload (a big import, or another process pruned changes this store had not read): the caller builds anew.
   */
  refresh(): boolean {
    if (!this.built) return false;
    this.checkIndexFiles();
    // One entry past the most a patch reads: more means a full reload, however many (an import of a million patents
    // logs several million, which must not be read into memory just to be counted).
    const changes = this.stmt('changes', 'SELECT seq, patent_id FROM search_changes WHERE seq > ? ORDER BY seq LIMIT ?')
      .raw()
      .all(this.lastSeq, MAX_PATCH_CHANGES + 1) as [number, number][];
    if (changes.length === 0) return true;
    if (changes[0][0] !== this.lastSeq + 1 || changes.length > MAX_PATCH_CHANGES) return false;
    const ids = [...new Set(changes.map((c) => c[1]))];
    if (ids.length > FULL_RELOAD_CHANGES) return false;
    let rowStmt: Database.Statement;
    try {
      rowStmt = this.stmt('row', `SELECT ${ROW_COLUMNS} FROM patents INDEXED BY patents_search_columns WHERE id = ?`);
    } catch {
      rowStmt = this.stmt('row-plain', `SELECT ${ROW_COLUMNS} FROM patents WHERE id = ?`);
    }
    const appStmt = this.stmt('apps', 'SELECT name FROM patent_applicants WHERE patent_id = ?').pluck();
    for (const id of ids) {
      this.clearRow(id);
      const row = rowStmt.raw().get(id) as unknown[] | undefined;
      if (!row) continue;
      this.setRaw(row);
      for (const name of appStmt.all(id) as string[]) this.addApplicant(id, name);
      this.loadDocTokens(id, id);
    }
    this.postings?.patch(ids, (id) => this.live.has(id));
    this.lastSeq = changes[changes.length - 1][0];
    this.cache.clear();
    this.scored.clear();
    this.titleChecked.clear();
    this.dropDerived(ids);
    this.prune();
    return true;
  }

  // ─── evaluation ───────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The table an FTS5 query runs on: a query of title conditions only on patents_ti (migration 050), without its
   * column filters; one of 名称/摘要/权利要求 conditions only, no one-character term among them, on patents_tx
   * (migration 054); any other on patents_fts.
   */
  private ftsTable(query: string): ['patents_fts' | 'patents_ti' | 'patents_tx', string] {
    const title = titleIndexQuery(query);
    if (title !== null) return ['patents_ti', title];
    const tx = this.txIndex ? txIndexQuery(query) : null;
    return tx === null ? ['patents_fts', query] : ['patents_tx', tx];
  }

  /**
   * The live patents an FTS5 query matches. group_concat builds the id list in C, so one value crosses into JS, and
   * it is parsed straight into the set: no array of ids is made (a frequent term has hundreds of thousands, and the
   * posting sets' build reads hundreds of terms).
   */
  ftsBitset(query: string): Bitset {
    const [table, q] = this.ftsTable(query);
    const halves = this.halves();
    if (halves) return this.ftsInHalves(halves, table, q);
    return this.liveOfIdList(this.stmt(`fts ${table}`, idsSql(table, '')).pluck().get(q) as string | null);
  }

  /** Patents from this many up (the id range) have their FTS5 queries run in two halves (fts-halves.ts; tests lower it). */
  ftsHalvesMin = FTS_HALVES_MIN;

  /** The FTS5 helper counts the upper half of a large result's facets too (ADR 0078). */
  protected override facetHelper(): FtsHalves | null {
    return this.halves();
  }

  /** The helper thread when this query may run in halves: a large database, outside a transaction, the helper up. */
  private halves(): FtsHalves | null {
    if (this.cap < this.ftsHalvesMin || this.raw.inTransaction) return null;
    const h = ftsHalvesOf(this.raw);
    return h?.ready() ? h : null;
  }

  /**
   * ftsBitset in two halves of the id range (ADR 0077): the upper on the helper thread, the lower here meanwhile.
   * Rowid bounds are bound as BigInt: FTS5 honours only an INTEGER bound, and a JavaScript number binds as REAL.
   */
  private ftsInHalves(halves: FtsHalves, table: string, q: string): Bitset {
    const after = this.splitPoint();
    const out = new Bitset(this.cap);
    const range = (op: '<=' | '>') => {
      const s = this.stmt(`fts ${op} ${table}`, idsSql(table, op)).pluck().get(q, BigInt(after)) as string | null;
      if (s) addIdList(out.words, s, this.live.words);
    };
    // null from the helper's side: it failed, and the upper half was added here instead.
    const [, words] = inHalves(
      halves.send(table, q, after, out.words.length),
      () => range('<='),
      () => {
        range('>');
        return null;
      },
    );
    if (words) {
      const w = out.words;
      const live = this.live.words;
      for (let i = 0; i < w.length; i++) w[i] |= words[i] & (live[i] ?? 0);
    }
    return out;
  }

  /** Where a query's id range is split: the lower half is rowid <= this, about half the live patents' id range. */
  private splitPoint(): number {
    return this.live.last() >>> 1;
  }

  /** How many patents an FTS5 query matches. */
  ftsCount(query: string): number {
    const hit = this.cache.get(query) ?? this.postings?.lookup(query);
    if (hit) return hit.count();
    const [table, q] = this.ftsTable(query);
    return this.stmt(`ftscount ${table}`, `SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(q) as number;
  }

  /** How many patents an FTS5 query matches, counting no further than `limit` (bounded work). */
  ftsCountUpTo(query: string, limit: number): number {
    const hit = this.cache.get(query) ?? this.postings?.lookup(query);
    if (hit) return Math.min(limit, hit.count());
    const [table, q] = this.ftsTable(query);
    return this.stmt(`ftscountupto ${table}`, `SELECT count(*) FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`)
      .pluck()
      .get(q, limit) as number;
  }

  /** The patents an FTS5 query matches, as a set. */
  ftsSet(query: string): Bitset {
    return this.fts(query, null);
  }

  /**
   * Which of `ids` an FTS5 query matches: from its kept set when there is one, else FTS5 asked for just those rows
   * (each a seek in the tokens' lists, not a walk through them).
   */
  titleAmong(ids: readonly number[], query: string): Set<number> {
    const kept = this.cache.get(query) ?? this.postings?.lookup(query);
    if (kept) return new Set(ids.filter((id) => kept.has(id)));
    if (!ids.length) return new Set();
    const known = lruGet(this.titleChecked, query) ?? lruSet(this.titleChecked, query, new Map(), KEPT_TITLE_CHECKS);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) {
      const [table, q] = this.ftsTable(query);
      const rows = this.stmt(
        `among ${table}`,
        `SELECT rowid FROM ${table} WHERE ${table} MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
      )
        .pluck()
        .all(q, JSON.stringify(unknown)) as number[];
      this.titleSeeks += unknown.length;
      for (const id of unknown) known.set(id, false);
      for (const id of rows) known.set(id, true);
    }
    return new Set(ids.filter((id) => known.get(id)));
  }

  /**
   * [id, score] of every patent an FTS5 query matches, scored by bm25(patents_fts, …weights). Given how many patents
   * each phrase of the query matches (`phraseHits`, in the order the phrases appear in it), the scores come from
   * ip_bm25 when the connection has it: the same doubles, without bm25()'s evaluation of every phrase again for its
   * count and its patents_fts_docsize lookup per row (ADR 0072). A query patents_tx takes is scored there, by
   * ip_bm25t, with patents_fts' row count and mean row length: the same doubles again (ADR 0073).
   */
  rankRows(
    query: string,
    weights: readonly number[],
    phraseHits: readonly number[] | null = null,
  ): IterableIterator<[number, number]> {
    if (phraseHits?.length === 1 && this.hits && weights.every((x) => Number.isInteger(x))) {
      const rows = this.scoredRows(query);
      if (rows) return this.keptScores(rows, weights, phraseHits[0]);
    }
    const w = weights.map((x) => Number(x)).join(', ');
    if (phraseHits && phraseHits.length && this.native) {
      const hits = phraseHits.map(() => '?').join(', ');
      const tx = this.txIndex ? txIndexQuery(query) : null;
      if (tx !== null) {
        // The same phrase instances in patents_tx's three columns (numbered as in patents_fts), scored with
        // patents_fts' row count and mean row length, from its averages record (ip_fts5.c: ip_bm25t).
        return this.stmt(
          `ip_bm25t ${phraseHits.length} ${w}`,
          `SELECT rowid, ip_bm25t(patents_tx, (SELECT block FROM patents_fts_data WHERE id = 1), ip_doc_tokens(rowid), ${hits}, ${w}) FROM patents_tx WHERE patents_tx MATCH ?`,
        )
          .raw()
          .iterate(...phraseHits, tx) as IterableIterator<[number, number]>;
      }
      return this.stmt(
        `ip_bm25 ${phraseHits.length} ${w}`,
        `SELECT rowid, ip_bm25(patents_fts, ip_doc_tokens(rowid), ${hits}, ${w}) FROM patents_fts WHERE patents_fts MATCH ?`,
      )
        .raw()
        .iterate(...phraseHits, query) as IterableIterator<[number, number]>;
    }
    return this.stmt(`bm25 ${w}`, `SELECT rowid, bm25(patents_fts, ${w}) FROM patents_fts WHERE patents_fts MATCH ?`)
      .raw()
      .iterate(query) as IterableIterator<[number, number]>;
  }

  /**
   * The patents of a one-phrase query that patents_tx takes, each with the phrase's instances per column (ip_hits: one
   * `id:n_ti:n_ab:n_cl` per patent, joined in C), kept for the next page; null for any other query. One statement
   * over pages FTS5 has just read, where ip_bm25t hands JavaScript a row and asks it for a token count per patent:
   * 10–25 ms less for a 5,000-patent query (ADR 0075).
   */
  private scoredRows(query: string): ScoredRows | null {
    const kept = lruGet(this.scored, query);
    if (kept) return kept;
    const tx = this.txIndex ? txIndexQuery(query) : null;
    if (tx === null) return null;
    let s: string | null;
    try {
      s = this.hitsText(tx);
    } catch {
      return null; // not one phrase after all (ip_hits refuses it): ip_bm25t scores it
    }
    const ids: number[] = [];
    const counts: number[] = [];
    if (s) {
      let field = 0;
      let v = 0;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c === 44 || c === 58) {
          if (field === 0) ids.push(v);
          else counts.push(v);
          field = c === 44 ? 0 : field + 1;
          v = 0;
        } else v = v * 10 + (c - 48);
      }
      counts.push(v);
    }
    if (counts.length !== 3 * ids.length) return null;
    return lruSet(this.scored, query, { ids: Int32Array.from(ids), counts: Int32Array.from(counts) }, KEPT_SCORED);
  }

  /** ip_hits' text for a patents_tx query: in two halves of the id range like ftsBitset when the database is large. */
  private hitsText(tx: string): string | null {
    const halves = this.halves();
    if (!halves) return this.stmt('hits', hitsSql('')).pluck().get(tx) as string | null;
    const after = this.splitPoint();
    const range = (op: '<=' | '>') => this.stmt(`hits ${op}`, hitsSql(op)).pluck().get(tx, BigInt(after)) as string | null;
    const [lower, { text: upper }] = inHalves(
      halves.sendHits(tx, after),
      () => range('<='),
      () => ({ text: range('>') }),
    );
    return lower && upper ? `${lower},${upper}` : (lower ?? upper);
  }

  /**
   * ip_bm25t's scores from the term counts ip_hits gives: the same operations on the same doubles (the IDF and the
   * mean row length from the extension, so its log() is the one used; the term frequency is a sum of whole weights,
   * exact in any order).
   */
  private *keptScores(kept: ScoredRows, weights: readonly number[], nHit: number): IterableIterator<[number, number]> {
    const [idf, avgdl] = this.stmt(
      'bm25 idf',
      'SELECT ip_bm25_idf(block, ?), ip_bm25_avgdl(block) FROM patents_fts_data WHERE id = 1',
    )
      .raw()
      .get(nHit) as [number, number];
    const w0 = weights[0] ?? 1;
    const w1 = weights[1] ?? 1;
    const w2 = weights[2] ?? 1;
    const { ids, counts } = kept;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const f = counts[3 * i] * w0 + counts[3 * i + 1] * w1 + counts[3 * i + 2] * w2;
      const d = this.docTokens[id] ?? 0;
      const score = 0.0 + idf * ((f * (BM25_K1 + 1.0)) / (f + BM25_K1 * (1 - BM25_B + (BM25_B * d) / avgdl)));
      yield [id, -1.0 * score];
    }
  }

  /** The queries whose term counts are kept for bm25 (tests, figures). */
  scoredQueries(): string[] {
    return [...this.scored.keys()];
  }

  /** Whether scores skip bm25()'s own counts and token lookups (tests, figures). */
  get nativeScoring(): boolean {
    return this.native;
  }

  /**
   * The patents an FTS5 query matches, within `cand`. Results are kept (recent(), KEPT_SETS): the same query
   * comes back for the next page, the facet panel and the four statistics calls, and common words recur in
   * different queries. Text changes always come with a change-log entry (the patent row is written too), which
   * clears the cache.
   */
  private fts(query: string, cand: Bitset | null): Bitset {
    const posting = this.postings?.lookup(query);
    if (posting) return cand ? cand.clone().and(posting) : posting.clone();
    const set = this.recent(query) ?? this.remember(query, this.ftsBitset(query));
    return cand ? set.clone().and(cand) : set.clone();
  }

  /** The patents matching `node`, within `cand` when given. */
  evaluate(node: Node, cand: Bitset | null = null): Bitset {
    if (node.type === 'or') return this.union(node.children, cand);
    const whole = ftsQuery(node);
    if (whole !== null) return this.fts(whole, cand);
    switch (node.type) {
      case 'term':
      case 'near':
        return new Bitset(this.cap);
      case 'and': {
        const pos: string[] = [];
        const neg: string[] = [];
        const rest: Node[] = [];
        for (const c of node.children) {
          const q = c.type === 'not' ? ftsQuery(c.child) : ftsQuery(c);
          if (q === null) rest.push(c);
          else (c.type === 'not' ? neg : pos).push(q);
        }
        let acc: Bitset | null = cand ? cand.clone() : null;
        const ors = node.children.filter((c) => c.type === 'or' && ftsQuery(c) !== null);
        if (pos.length === 1 && !neg.length && ors.length === 1) {
          // (TI=… OR AB=…) AND PD<=…: the OR's conditions one by one (see union()).
          acc = this.union((ors[0] as Extract<Node, { type: 'or' }>).children, acc);
        } else if (pos.length) {
          let q = pos.length === 1 ? pos[0] : pos.map((p) => `(${p})`).join(' AND ');
          for (const n of neg) q = `(${q}) NOT (${n})`;
          acc = this.fts(q, acc);
        } else if (neg.length) {
          acc = (acc ?? this.universe()).andNot(this.fts(neg.map((n) => `(${n})`).join(' OR '), null));
        }
        // Without candidates, index lookups (IPC, numbers) first: they narrow what the array scans then walk. With
        // candidates (the text's), the array conditions first: a pass over the candidates' words, which leaves an IPC
        // condition fewer to look up, often few enough to look up patent by patent instead of reading the code's
        // whole range (IPC=H01M AND AD>=2018 AND TX=…: 1,526 candidates, 65–98 ms; after the date, a few hundred).
        const order = (n: Node) => (n.type === 'not' ? 2 : (n.type === 'code') === (acc === null) ? 0 : 1);
        rest.sort((a, b) => order(a) - order(b));
        for (const c of rest) {
          if (c.type === 'not') acc = (acc ?? this.universe()).andNot(this.evaluate(c.child, acc));
          else acc = this.evaluate(c, acc);
        }
        return acc ?? this.universe();
      }
      case 'not':
        return (cand ? cand.clone() : this.universe()).andNot(this.evaluate(node.child, cand));
      case 'date':
      case 'enum':
        return this.structured(node, cand);
      case 'code': {
        let ids: number[];
        if (node.field === 'IPC' || node.field === 'MIPC') return this.ipc(node.value, node.field === 'MIPC', cand);
        if (node.field === 'AN') {
          ids = this.stmt('an', 'SELECT id FROM patents WHERE an = ?').pluck().all(node.value) as number[];
        } else {
          const byStem = !parsePublicationNumber(node.value).kind;
          ids = this.stmt(byStem ? 'stem' : 'pn', `SELECT patent_id FROM patent_pubs WHERE ${byStem ? 'stem' : 'pn'} = ?`)
            .pluck()
            .all(node.value) as number[];
        }
        return this.fromIds(ids, cand);
      }
    }
  }

  /**
   * The patents matching any of `children`, within `cand`: each text condition as an FTS5 query of its own rather than
   * all in one. Each then runs on its own table (a title condition on patents_ti, whose lists are the titles' alone),
   * a frequent term comes from its posting set, and each is kept for the next query that has it (the same words come
   * back in other combinations). `(TI=图像识别 OR AB=结构)` took 80–118 ms as one query on patents_tx, 61–73 ms as two.
   */
  private union(children: readonly Node[], cand: Bitset | null): Bitset {
    const acc = new Bitset(this.cap);
    for (const c of children) {
      const q = ftsQuery(c);
      acc.or(q === null ? this.evaluate(c, cand) : this.fts(q, cand));
    }
    return acc;
  }

  /**
   * The patents with an IPC code under `prefix` (only their main one when `main`), within `cand`. Nothing to look up
   * when `cand` is empty; a few candidates are looked up by patent (a seek each in the primary key), more read the
   * code's whole range from the code index once, kept like an FTS5 result: a broad code (H01M, 171,289 rows at
   * 1,000,000 patents) is a 70 ms read, and the same codes come back query after query.
   */
  private ipc(prefix: string, main: boolean, cand: Bitset | null): Bitset {
    const isMain = main ? ' AND is_main = 1' : '';
    const key = `\0ipc${isMain}\0${prefix}`;
    const kept = this.recent(key);
    if (kept) return cand ? kept.clone().and(cand) : kept.clone();
    const n = cand ? cand.count() : Infinity;
    if (cand && n <= IPC_BY_PATENT_MAX) {
      if (n === 0) return new Bitset(this.cap);
      const ids = this.stmt(
        `ipc among${isMain}`,
        `SELECT DISTINCT patent_id FROM patent_ipc WHERE patent_id IN (SELECT value FROM json_each(?)) AND code >= ? AND code < ?${isMain}`,
      )
        .pluck()
        .all(JSON.stringify(Array.from(cand.toArray())), prefix, prefixEnd(prefix)) as number[];
      return this.fromIds(ids, cand);
    }
    const ids = this.stmt(`ipc${isMain}`, `SELECT patent_id FROM patent_ipc WHERE code >= ? AND code < ?${isMain}`)
      .pluck()
      .all(prefix, prefixEnd(prefix)) as number[];
    this.ipcRangeReads++;
    const set = this.remember(key, this.fromIds(ids, null));
    return cand ? set.clone().and(cand) : set.clone();
  }

  /** Forgets the kept FTS5 results and whole results (benchmarks measure cold queries with it). */
  clearCaches(): void {
    this.cache.clear();
    this.scored.clear();
    this.titleChecked.clear();
    this.results.clear();
  }
}

/** An FTS5 query's ids as a bitmap (ip_rowid_bits, ip_fts5.c: a BLOB of native 32-bit words, or NULL when none). */
const bitsSql = (table: string) => `SELECT ip_rowid_bits(rowid) FROM ${table} WHERE ${table} MATCH ?`;

/** Whether `sql` prepares on `raw` (a function it names exists). */
function prepares(raw: Database.Database, sql: string): boolean {
  try {
    raw.prepare(sql);
    return true;
  } catch {
    return false;
  }
}

const states = new WeakMap<Database.Database, StoreState<SqliteStore>>();

/**
 * The up-to-date store of a database handle, or null while it is being built (then search takes the SQL path).
 * Up to SYNC_BUILD_MAX_ID patents the store is built on the spot; beyond, in the background, chunk by chunk.
 */
export function readyStore(raw: Database.Database): SqliteStore | null {
  let st = states.get(raw);
  if (!st) states.set(raw, (st = { store: null, building: null }));
  if (st.store) {
    if (st.store.refresh()) return st.store;
    st.store.retire();
    st.store = null;
  }
  if (st.building) return null;
  const maxId = (raw.prepare('SELECT coalesce(max(id), 0) FROM patents').pluck().get() as number) ?? 0;
  if (maxId <= SYNC_BUILD_MAX_ID) {
    const s = new SqliteStore(raw);
    s.loadSync();
    st.store = s;
    return s;
  }
  startBuild(raw, st);
  return null;
}

/** The store a handle has now, whether or not it is up to date (tests); null when none is built. */
export function builtStore(raw: Database.Database): SqliteStore | null {
  return states.get(raw)?.store ?? null;
}

function startBuild(raw: Database.Database, st: StoreState<SqliteStore>): Promise<SqliteStore> {
  const s = new SqliteStore(raw);
  return buildStore(st, s, s.loadAsync(), () => s.buildPostings());
}

/** Waits until the store of a handle is built (benchmarks; a server just keeps answering through SQL meanwhile). */
export async function storeWhenReady(raw: Database.Database): Promise<SqliteStore> {
  let st = states.get(raw);
  if (!st) states.set(raw, (st = { store: null, building: null }));
  if (st.store && st.store.refresh()) return st.store;
  st.store?.retire();
  st.store = null;
  return st.building ?? startBuild(raw, st);
}

/**
 * Waits until the store of a handle is built and its posting sets too (the server logs it; benchmarks measure after
 * it). Resolves with how many sets there are.
 */
export async function postingsWhenReady(raw: Database.Database): Promise<number> {
  await storeWhenReady(raw);
  return states.get(raw)!.postings ?? 0;
}

/** A row of an FTS5 %_docsize table (one varint per column, SQLite's big-endian form): the row's tokens in all. */
export function tokenTotal(sz: Uint8Array): number {
  let total = 0;
  let i = 0;
  while (i < sz.length) {
    let v = 0;
    for (let n = 0; i < sz.length; n++) {
      const x = sz[i++];
      // The ninth byte of a varint carries 8 bits; a count never needs that many, but read it as SQLite does.
      if (n === 8) {
        v = v * 256 + x;
        break;
      }
      v = v * 128 + (x & 0x7f);
      if (!(x & 0x80)) break;
    }
    total += v;
  }
  return total;
}

/** Whether a table of that name is in app.db or in a file attached to it (the FTS5 tables are: db/index-files.ts). */
function hasTable(raw: Database.Database, name: string): boolean {
  return raw.prepare('SELECT 1 FROM pragma_table_list WHERE name = ?').get(name) !== undefined;
}
