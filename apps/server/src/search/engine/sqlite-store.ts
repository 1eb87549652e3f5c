// SQLite fast path: the few columns search filters, sorts and facets on, held in memory as typed arrays
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
import type Database from 'better-sqlite3';
import type { Node } from '../expression/ast';
import { parsePublicationNumber } from '../patent-number';
import { Bitset } from './bitset';
import { ftsQuery, titleIndexQuery } from './compile-sqlite';
import { compareCodePoints, ipcClass, ipcSection, type FacetCounts } from './facets';
import { Postings, POSTING_DEFAULTS, type PostingOptions } from './postings';
import type { SearchFilters } from './structured';
import { prefixEnd } from './structured';

/**
 * FTS5 results kept in memory (each ~125 kB per million patents). Small results too: a rare phrase of common
 * bigrams ("逆变器结构", 1,226 patents of 1,000,000) costs FTS5 as much as a broad one, and the relevance page counts
 * it again right after (ftsCountUpTo).
 */
const CACHE_ENTRIES = 64;
const RESULT_ENTRIES = 16;
/** Results at least this large are paged in date order by walking the precomputed order. */
const ORDER_WALK_MIN = 50000;
/** The change log is pruned once this many entries have been read. */
const PRUNE_EVERY = 5000;
/** Patents read per step while building; up to SYNC_BUILD_MAX_ID the build does not yield. */
const LOAD_CHUNK = 20000;
const SYNC_BUILD_MAX_ID = 50000;
/** Largest patent id the arrays are built for (≈ 20 bytes each). */
const MAX_ID = 50_000_000;
/** Above this many changed patents a full reload is cheaper than patching. */
const FULL_RELOAD_CHANGES = 20000;
/** Above this many change log entries (a patent is logged once per table changed) refresh() reloads in full. */
export const MAX_PATCH_CHANGES = FULL_RELOAD_CHANGES * 4;

class Dict {
  readonly values: string[] = [''];
  private index = new Map<string, number>([['', 0]]);
  code(v: string | null | undefined): number {
    const s = v ?? '';
    let c = this.index.get(s);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(s);
      this.index.set(s, c);
    }
    return c;
  }
  lookup(v: string): number | undefined {
    return this.index.get(v);
  }
  get size(): number {
    return this.values.length;
  }
}

function dateInt(d: string | null | undefined): number {
  if (!d || d.length < 10) return 0;
  return Number(d.slice(0, 4)) * 10000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10));
}

const ROW_COLUMNS = 'id, ad, pd, gd, app_year, type, legal_status, ipc_main';

export type SortKey = 'relevance' | 'date_desc' | 'date_asc' | 'ad_desc' | 'ad_asc';

export class SqliteStore {
  private cap = 0;
  live = new Bitset(0);
  ad = new Int32Array(0);
  pd = new Int32Array(0);
  gd = new Int32Array(0);
  /**
   * What the facets read, packed per patent so that one patent is one cache line access (the ids of a result are
   * scattered over the whole range; six separate arrays cost six cache misses per patent):
   * rec[4·id] = type code | legal-status code << 8 | application year << 16, rec[4·id+1] = main IPC code,
   * rec[4·id+2] = first applicant code (−1: none), rec[4·id+3] unused.
   */
  rec = new Int32Array(0);
  /** Set when a value no longer fits the packing (over 255 types or statuses): the SQL path takes over. */
  unusable = false;
  moreApplicants = new Map<number, number[]>();
  /** Patents with more than one applicant (a bit test is cheaper than a Map lookup per patent). */
  hasMoreApplicants = new Bitset(0);
  readonly typeDict = new Dict();
  readonly lsDict = new Dict();
  readonly ipcDict = new Dict();
  readonly sectionDict = new Dict();
  readonly classDict = new Dict();
  /** Per ipcDict code: its section and class codes. */
  private ipcSectionOf = new Int32Array(1024);
  private ipcClassOf = new Int32Array(1024);
  readonly applicantDict = new Dict();
  private lastSeq = 0;
  private prunedUpTo = 0;
  private built = false;
  private stmts: Record<string, Database.Statement> = {};
  /** Recent FTS5 results (query → patents), dropped whenever the data changes. */
  private cache = new Map<string, Bitset>();
  /** Recent whole results (expression + filters → patents, facets), dropped whenever the data changes. */
  private results = new Map<string, { set: Bitset; facets: Map<number, FacetCounts> }>();
  /** The sets of the most frequent two-character terms (postings.ts), built after the arrays. */
  private postings: Postings | null = null;
  /** Set when the store is replaced: a postings build still running stops. */
  private retired = false;

  constructor(private raw: Database.Database) {}

  private stmt(key: string, source: string): Database.Statement {
    return (this.stmts[key] ??= this.raw.prepare(source));
  }

  // ─── loading ──────────────────────────────────────────────────────────────────────────────────────────────

  private grow(maxId: number): void {
    if (maxId < this.cap) return;
    const cap = Math.max(1024, maxId + 1, Math.ceil(this.cap * 1.5));
    const grow32 = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.ad = grow32(this.ad);
    this.pd = grow32(this.pd);
    this.gd = grow32(this.gd);
    const rec = new Int32Array(cap * 4);
    rec.set(this.rec);
    for (let i = this.cap; i < cap; i++) rec[i * 4 + 2] = -1;
    this.rec = rec;
    const regrow = (old: Bitset) => {
      const b = new Bitset(cap);
      b.words.set(old.words.subarray(0, Math.min(old.words.length, b.words.length)));
      return b;
    };
    this.live = regrow(this.live);
    this.hasMoreApplicants = regrow(this.hasMoreApplicants);
    this.postings?.resize(cap, regrow);
    this.cap = cap;
  }

  private ipcCode(code: string): number {
    const c = this.ipcDict.code(code);
    if (c === this.ipcDict.size - 1 && c > 0) {
      if (c >= this.ipcSectionOf.length) {
        const grow = (a: Int32Array) => {
          const b = new Int32Array(a.length * 2);
          b.set(a);
          return b;
        };
        this.ipcSectionOf = grow(this.ipcSectionOf);
        this.ipcClassOf = grow(this.ipcClassOf);
      }
      this.ipcSectionOf[c] = this.sectionDict.code(ipcSection(code));
      this.ipcClassOf[c] = this.classDict.code(ipcClass(code));
    }
    return c;
  }

  /** One row of ROW_COLUMNS: id, ad, pd, gd, app_year, type, legal_status, ipc_main. */
  private setRaw(r: unknown[]): void {
    const id = r[0] as number;
    this.grow(id);
    this.live.add(id);
    this.ad[id] = dateInt(r[1] as string | null);
    this.pd[id] = dateInt(r[2] as string | null);
    this.gd[id] = dateInt(r[3] as string | null);
    const type = this.typeDict.code(r[5] as string);
    const ls = this.lsDict.code(r[6] as string);
    const year = Math.max(0, Math.min(32767, (r[4] as number | null) ?? 0));
    if (type > 255 || ls > 255) this.unusable = true;
    this.rec[id * 4] = (type & 0xff) | ((ls & 0xff) << 8) | (year << 16);
    this.rec[id * 4 + 1] = this.ipcCode((r[7] as string | null) ?? '');
  }

  private clearRow(id: number): void {
    if (id >= this.cap) return;
    this.live.words[id >>> 5] &= ~(1 << (id & 31));
    this.rec[id * 4 + 2] = -1;
    this.moreApplicants.delete(id);
    this.hasMoreApplicants.words[id >>> 5] &= ~(1 << (id & 31));
  }

  private addApplicant(id: number, name: string): void {
    const c = this.applicantDict.code(name);
    if (this.rec[id * 4 + 2] < 0) this.rec[id * 4 + 2] = c;
    else {
      const more = this.moreApplicants.get(id);
      if (more) more.push(c);
      else {
        this.moreApplicants.set(id, [c]);
        this.hasMoreApplicants.add(id);
      }
    }
  }

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
      (q) => this.ftsBitset(q),
      () => this.retired,
    );
    return postings.size;
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
      await new Promise((resolve) => setImmediate(resolve));
    }
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
    }
    this.postings?.patch(ids, (id) => this.live.has(id));
    this.lastSeq = changes[changes.length - 1][0];
    this.cache.clear();
    this.results.clear();
    this.orders = {};
    this.prune();
    return true;
  }

  // ─── evaluation ───────────────────────────────────────────────────────────────────────────────────────────

  private universe(): Bitset {
    return this.live.clone();
  }

  private fromIds(ids: readonly number[], cand: Bitset | null): Bitset {
    const b = new Bitset(this.cap);
    for (const id of ids) if (this.live.has(id)) b.add(id);
    return cand ? b.and(cand) : b;
  }

  /**
   * The table an FTS5 query runs on: a query of title conditions only on patents_ti (migration 050), without its
   * column filters; any other on patents_fts.
   */
  private ftsTable(query: string): ['patents_fts' | 'patents_ti', string] {
    const title = titleIndexQuery(query);
    return title === null ? ['patents_fts', query] : ['patents_ti', title];
  }

  /**
   * The live patents an FTS5 query matches. group_concat builds the id list in C, so one value crosses into JS, and
   * it is parsed straight into the set: no array of ids is made (a frequent term has hundreds of thousands, and the
   * posting sets' build reads hundreds of terms).
   */
  ftsBitset(query: string): Bitset {
    const [table, q] = this.ftsTable(query);
    const s = this.stmt(`fts ${table}`, `SELECT group_concat(rowid) FROM ${table} WHERE ${table} MATCH ?`).pluck().get(q) as
      string | null;
    const out = new Bitset(this.cap);
    if (!s) return out;
    const words = out.words;
    const live = this.live.words;
    const add = (id: number) => {
      const w = id >>> 5;
      const bit = 1 << (id & 31);
      if (live[w] & bit) words[w] |= bit;
    };
    let v = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 44) {
        add(v);
        v = 0;
      } else v = v * 10 + (c - 48);
    }
    add(v);
    return out;
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

  /** [id, score] of every patent an FTS5 query matches, with a rank expression such as bm25(patents_fts, …). */
  rankRows(query: string, rank: string): IterableIterator<[number, number]> {
    return this.stmt(`rank ${rank}`, `SELECT rowid, ${rank} FROM patents_fts WHERE patents_fts MATCH ?`)
      .raw()
      .iterate(query) as IterableIterator<[number, number]>;
  }

  /**
   * The patents an FTS5 query matches, within `cand`. Results are kept (LRU, CACHE_ENTRIES): the same query
   * comes back for the next page, the facet panel and the four statistics calls, and common words recur in
   * different queries. Text changes always come with a change-log entry (the patent row is written too), which
   * clears the cache.
   */
  private fts(query: string, cand: Bitset | null): Bitset {
    const posting = this.postings?.lookup(query);
    if (posting) return cand ? cand.clone().and(posting) : posting.clone();
    let set = this.cache.get(query);
    if (set) {
      this.cache.delete(query);
      this.cache.set(query, set);
    } else {
      set = this.ftsBitset(query);
      this.cache.set(query, set);
      if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    }
    return cand ? set.clone().and(cand) : set.clone();
  }

  private filterIds(cand: Bitset | null, test: (id: number) => boolean): Bitset {
    const out = new Bitset(this.cap);
    (cand ?? this.live).forEach((id) => {
      if (test(id)) out.add(id);
    });
    return out;
  }

  /** The patents matching `node`, within `cand` when given. */
  evaluate(node: Node, cand: Bitset | null = null): Bitset {
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
        if (pos.length) {
          let q = pos.length === 1 ? pos[0] : pos.map((p) => `(${p})`).join(' AND ');
          for (const n of neg) q = `(${q}) NOT (${n})`;
          acc = this.fts(q, acc);
        } else if (neg.length) {
          acc = (acc ?? this.universe()).andNot(this.fts(neg.map((n) => `(${n})`).join(' OR '), null));
        }
        // Index lookups (IPC, numbers) first: they narrow the candidates the array scans then walk.
        const order = (n: Node) => (n.type === 'code' ? 0 : n.type === 'not' ? 2 : 1);
        rest.sort((a, b) => order(a) - order(b));
        for (const c of rest) {
          if (c.type === 'not') acc = (acc ?? this.universe()).andNot(this.evaluate(c.child, acc));
          else acc = this.evaluate(c, acc);
        }
        return acc ?? this.universe();
      }
      case 'or': {
        const text: string[] = [];
        let acc = new Bitset(this.cap);
        for (const c of node.children) {
          const q = ftsQuery(c);
          if (q === null) acc.or(this.evaluate(c, cand));
          else text.push(q);
        }
        if (text.length) acc = acc.or(this.fts(text.map((t) => `(${t})`).join(' OR '), cand));
        return acc;
      }
      case 'not':
        return (cand ? cand.clone() : this.universe()).andNot(this.evaluate(node.child, cand));
      case 'date': {
        const arr = node.field === 'AD' ? this.ad : node.field === 'PD' ? this.pd : this.gd;
        const from = node.from ? dateInt(node.from) : 1;
        const to = node.to ? dateInt(node.to) : 99999999;
        return this.filterIds(cand, (id) => arr[id] !== 0 && arr[id] >= from && arr[id] <= to);
      }
      case 'enum': {
        const dict = node.field === 'TYPE' ? this.typeDict : this.lsDict;
        const shift = node.field === 'TYPE' ? 0 : 8;
        const ok = this.codeMask(dict, node.values);
        if (!ok) return new Bitset(this.cap);
        const rec = this.rec;
        return this.filterIds(cand, (id) => ok[(rec[id * 4] >>> shift) & 0xff] === 1);
      }
      case 'code': {
        let ids: number[];
        if (node.field === 'IPC' || node.field === 'MIPC') {
          const main = node.field === 'MIPC' ? ' AND is_main = 1' : '';
          ids = this.stmt(`ipc${main}`, `SELECT patent_id FROM patent_ipc WHERE code >= ? AND code < ?${main}`)
            .pluck()
            .all(node.value, prefixEnd(node.value)) as number[];
        } else if (node.field === 'AN') {
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
   * A whole result, kept (LRU, RESULT_ENTRIES) under `key` (the canonical expression and filters): the result page,
   * its next pages and the four statistics calls of the analysis panel ask for the same set and facets.
   */
  result(key: string, compute: () => Bitset): { set: Bitset; facets: (applicantLimit: number) => FacetCounts } {
    let r = this.results.get(key);
    if (r) this.results.delete(key);
    else r = { set: compute(), facets: new Map() };
    this.results.set(key, r);
    if (this.results.size > RESULT_ENTRIES) this.results.delete(this.results.keys().next().value!);
    const entry = r;
    return {
      set: entry.set,
      facets: (limit) => {
        let f = entry.facets.get(limit);
        if (!f) entry.facets.set(limit, (f = this.facets(entry.set, limit)));
        return f;
      },
    };
  }

  /** Forgets the kept FTS5 results and whole results (benchmarks measure cold queries with it). */
  clearCaches(): void {
    this.cache.clear();
    this.results.clear();
  }

  /** Which packed codes (0–255) of a dictionary stand for one of `values`; null when none does. */
  private codeMask(dict: Dict, values: readonly string[]): Uint8Array | null {
    const ok = new Uint8Array(256);
    let any = false;
    for (const v of values) {
      const c = dict.lookup(v);
      if (c !== undefined && c < 256) {
        ok[c] = 1;
        any = true;
      }
    }
    return any ? ok : null;
  }

  /** Narrows a result to the facet filters. */
  applyFilters(set: Bitset, f: SearchFilters): Bitset {
    let out = set;
    const rec = this.rec;
    const dictFilter = (values: string[] | undefined, dict: Dict, shift: number) => {
      if (!values?.length) return;
      const ok = this.codeMask(dict, values) ?? new Uint8Array(256);
      out = this.filterIds(out, (id) => ok[(rec[id * 4] >>> shift) & 0xff] === 1);
    };
    dictFilter(f.type, this.typeDict, 0);
    dictFilter(f.legal_status, this.lsDict, 8);
    if (f.app_year?.length) {
      const years = new Set(f.app_year);
      out = this.filterIds(out, (id) => {
        const y = rec[id * 4] >>> 16;
        return y !== 0 && years.has(y);
      });
    }
    const prefixFilter = (values: string[] | undefined) => {
      if (!values?.length) return;
      const ok = new Uint8Array(this.ipcDict.size);
      this.ipcDict.values.forEach((code, c) => {
        if (code && values.some((v) => code.startsWith(v))) ok[c] = 1;
      });
      out = this.filterIds(out, (id) => ok[rec[id * 4 + 1]] === 1);
    };
    prefixFilter(f.ipc_section);
    prefixFilter(f.ipc_class);
    if (f.applicant?.length) {
      const ids = this.raw
        .prepare(`SELECT patent_id FROM patent_applicants WHERE name IN (${f.applicant.map(() => '?').join(', ')})`)
        .pluck()
        .all(...f.applicant) as number[];
      out = this.fromIds(ids, out);
    }
    return out;
  }

  // ─── facets and order ─────────────────────────────────────────────────────────────────────────────────────

  facets(set: Bitset, applicantLimit: number): FacetCounts {
    const typeN = new Int32Array(256);
    const lsN = new Int32Array(256);
    const secN = new Int32Array(this.sectionDict.size);
    const clsN = new Int32Array(this.classDict.size);
    const yearN = new Int32Array(32768);
    const appN = new Int32Array(this.applicantDict.size);
    const touched: number[] = [];
    const noApplicant = countFacets(
      set.toArray(),
      this.rec,
      this.ipcSectionOf,
      this.ipcClassOf,
      this.hasMoreApplicants,
      this.moreApplicants,
      {
        typeN,
        lsN,
        yearN,
        secN,
        clsN,
        appN,
        touched,
      },
    );
    const toMap = (counts: Int32Array, dict: Dict) => {
      const m = new Map<string, number>();
      counts.forEach((n, c) => {
        if (n > 0) m.set(dict.values[c], (m.get(dict.values[c]) ?? 0) + n);
      });
      return m;
    };
    const years = new Map<string, number>();
    yearN.forEach((n, y) => {
      if (n > 0) years.set(y === 0 ? '' : String(y), n);
    });
    const names = this.applicantDict.values;
    const top = topK(touched, applicantLimit, (a, b) => appN[b] - appN[a] || compareCodePoints(names[a], names[b]));
    return {
      type: toMap(typeN, this.typeDict),
      legal_status: toMap(lsN, this.lsDict),
      ipc_section: toMap(secN, this.sectionDict),
      ipc_class: toMap(clsN, this.classDict),
      app_year: years,
      applicant: top.map((c) => ({ value: names[c], count: appN[c] })),
      no_applicant: noApplicant,
    };
  }

  /** The date key a sort uses (0 = no date: last in either direction). */
  dateKey(sort: SortKey): Int32Array {
    return sort === 'ad_desc' || sort === 'ad_asc' ? this.ad : this.pd;
  }

  /**
   * Every live patent in ascending (date, id) order, patents without the date first, per date column; dropped
   * when the data changes. A large result is then paged in date order by walking this list, instead of
   * selecting from all its members.
   */
  private orders: Partial<Record<'ad' | 'pd', { order: Int32Array; undated: number }>> = {};

  private dateOrder(col: 'ad' | 'pd'): { order: Int32Array; undated: number } {
    let o = this.orders[col];
    if (!o) {
      const key = this[col];
      const ids = this.live.toArray();
      // date · 10⁸ + id stays below 2⁵³, and a Float64Array sorts natively (no comparator calls).
      const keys = new Float64Array(ids.length);
      let undated = 0;
      for (let i = 0; i < ids.length; i++) {
        keys[i] = key[ids[i]] * 1e8 + ids[i];
        if (key[ids[i]] === 0) undated++;
      }
      keys.sort();
      const order = new Int32Array(ids.length);
      for (let i = 0; i < keys.length; i++) order[i] = keys[i] % 1e8;
      this.orders[col] = o = { order, undated };
    }
    return o;
  }

  /** The first k members of `set` in a date order: dated newest (or oldest) first, then undated, ties by id. */
  firstByDate(set: Bitset, sort: Exclude<SortKey, 'relevance'>, k: number, walkMin = ORDER_WALK_MIN): number[] {
    const dir = sort.endsWith('_asc') ? 1 : -1;
    const col = sort === 'ad_desc' || sort === 'ad_asc' ? 'ad' : 'pd';
    const n = set.count();
    if (n < walkMin) return topK(set.toArray(), k, dateComparator(this[col], dir));
    const { order, undated } = this.dateOrder(col);
    const out: number[] = [];
    const take = (from: number, to: number, step: number) => {
      for (let i = from; i !== to && out.length < k; i += step) if (set.has(order[i])) out.push(order[i]);
    };
    if (dir === -1) take(order.length - 1, -1, -1);
    else {
      take(undated, order.length, 1);
      take(0, undated, 1);
    }
    return out;
  }
}

interface FacetCounters {
  typeN: Int32Array;
  lsN: Int32Array;
  yearN: Int32Array;
  secN: Int32Array;
  clsN: Int32Array;
  appN: Int32Array;
  touched: number[];
}

/**
 * The facet counting loop, on its own so V8 optimises it as a whole function (inside facets() it ran as on-stack
 * replacement code that deoptimised at the first statement after the loop on every call). Returns how many
 * patents have no applicant.
 */
function countFacets(
  ids: Int32Array,
  rec: Int32Array,
  secOf: Int32Array,
  clsOf: Int32Array,
  hasMore: Bitset,
  more: Map<number, number[]>,
  c: FacetCounters,
): number {
  const { typeN, lsN, yearN, secN, clsN, appN, touched } = c;
  const moreWords = hasMore.words;
  let noApplicant = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const k = id * 4;
    const packed = rec[k];
    typeN[packed & 0xff]++;
    lsN[(packed >>> 8) & 0xff]++;
    yearN[packed >>> 16]++;
    const ipc = rec[k + 1];
    secN[secOf[ipc]]++;
    clsN[clsOf[ipc]]++;
    const a = rec[k + 2];
    if (a < 0) {
      noApplicant++;
      continue;
    }
    if (appN[a]++ === 0) touched.push(a);
    if ((moreWords[id >>> 5] & (1 << (id & 31))) !== 0) {
      for (const m of more.get(id)!) if (appN[m]++ === 0) touched.push(m);
    }
  }
  return noApplicant;
}

/** Compares two ids by a date array: dates in `dir` (1 asc, −1 desc), missing dates last, then id in `dir`. */
export function dateComparator(key: Int32Array, dir: 1 | -1): (a: number, b: number) => number {
  return (a, b) => {
    const x = key[a];
    const y = key[b];
    if (x !== y) {
      if (x === 0) return 1;
      if (y === 0) return -1;
      return (x - y) * dir;
    }
    return (a - b) * dir;
  };
}

/** The first k items of `items` in `cmp` order (a bounded heap; items are not modified). */
export function topK(items: ArrayLike<number>, k: number, cmp: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (items.length <= k * 4 || items.length < 2048) {
    return Array.from(items).sort(cmp).slice(0, k);
  }
  // Max-heap (by cmp) of the k best so far.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (cmp(heap[i], heap[p]) <= 0) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && cmp(heap[l], heap[m]) > 0) m = l;
      if (r < heap.length && cmp(heap[r], heap[m]) > 0) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (heap.length < k) {
      heap.push(v);
      up(heap.length - 1);
    } else if (cmp(v, heap[0]) < 0) {
      heap[0] = v;
      down(0);
    }
  }
  return heap.sort(cmp);
}

interface StoreState {
  store: SqliteStore | null;
  building: Promise<SqliteStore> | null;
  /** The posting sets' build of the current store (resolves with how many there are). */
  postings?: Promise<number>;
}
const states = new WeakMap<Database.Database, StoreState>();

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

function startBuild(raw: Database.Database, st: StoreState): Promise<SqliteStore> {
  const s = new SqliteStore(raw);
  st.building = s.loadAsync().then(
    () => {
      st.store = s;
      st.building = null;
      st.postings = s.buildPostings();
      st.postings.catch(() => {}); // the searches keep using FTS5
      return s;
    },
    (err: unknown) => {
      st.building = null;
      throw err;
    },
  );
  // A failed build is retried by the next search; meanwhile search answers through SQL.
  st.building.catch(() => {});
  return st.building;
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
