// The search columns both in-memory engines share (SQLite: sqlite-store.ts, PostgreSQL: pg-store.ts): the few
// columns search filters, sorts and facets on, held as typed arrays indexed by patent id, with the facet counting,
// the date orders and the facet filters over them. Where the patents come from, how text conditions become sets and
// how the arrays stay in step with the tables is each engine's own. The arrays load from the narrow covering index
// patents_search_columns (SQLite migration 003, PostgreSQL migration 051).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DateNode, EnumNode } from '../expression/ast';
import { addIdList, Bitset } from './bitset';
import { addFacetCounts, countFacets, facetCounters, middleWord, type FacetArrays, type FacetSizes } from './facet-count';
import { compareCodePoints, ipcClass, ipcSection, type FacetCounts } from './facets';
import { inHalves, type FtsHalves } from './fts-halves';
import type { SearchFilters } from './structured';

const RESULT_ENTRIES = 16;
/**
 * Sets of conditions kept in memory (each ~125 kB per million patents): FTS5 results, IPC codes. Small results too: a
 * rare phrase of common bigrams ("逆变器结构", 1,226 patents of 1,000,000) costs FTS5 as much as a broad one, and the
 * relevance page counts it again right after (ftsCountUpTo).
 */
const KEPT_SETS = 64;
/**
 * A page in date order walks the precomputed order (dateOrder) while that likely takes at most this many steps per
 * member of the result, plus ORDER_WALK_STEPS_MIN; else, or when the walk has used them up (a result of old patents
 * only: the walk passes every newer patent first), the result's members are sorted. A step tests one bit (25–60 ns
 * at a million patents); sorting costs 60–300 ns a member (its date read out of order).
 */
export const ORDER_WALK_STEPS_PER_MEMBER = 3;
export const ORDER_WALK_STEPS_MIN = 10000;
/** Largest patent id the arrays are built for (≈ 20 bytes each). */
export const MAX_ID = 50_000_000;

export class Dict {
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

export function dateInt(d: string | null | undefined): number {
  if (!d || d.length < 10) return 0;
  return Number(d.slice(0, 4)) * 10000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10));
}

export const ROW_COLUMNS = 'id, ad, pd, gd, app_year, type, legal_status, ipc_main';

export type SortKey = 'relevance' | 'date_desc' | 'date_asc' | 'ad_desc' | 'ad_asc';

export abstract class ColumnStore {
  protected cap = 0;
  live = new Bitset(0);
  ad = new Int32Array(0);
  pd = new Int32Array(0);
  gd = new Int32Array(0);
  /**
   * What the facets read, packed per patent so that one patent is one cache line access (the ids of a result are
   * scattered over the whole range; six separate arrays cost six cache misses per patent):
   * rec[4·id] = type code | legal-status code << 8 | application year << 16, rec[4·id+1] = main IPC code,
   * rec[4·id+2] = first applicant code (−1: none), rec[4·id+3] = where its further applicants are in `morePool`
   * (0: none).
   */
  rec = sharedInt32(0);
  /** Set when a value no longer fits the packing (over 255 types or statuses): the SQL path takes over. */
  unusable = false;
  /**
   * The applicants after the first, of every patent that has more than one: at rec[4·id+3] = o, morePool[o] = how many,
   * morePool[o+1 …] their codes. One array read per patent where a Map of arrays took four cache misses (its hash
   * slot, entry, array and elements: 1 µs a patent, most of the facet count of a large result). A patent's list
   * that grows when it is not the pool's last is copied to the end; the pool is compacted when half of it is left
   * behind that way.
   */
  morePool = sharedInt32(1024);
  private moreUsed = 1;
  private moreGarbage = 0;
  /** Patents with more than one applicant (a bit test first: most have one). */
  hasMoreApplicants = new Bitset(0);
  readonly typeDict = new Dict();
  readonly lsDict = new Dict();
  readonly ipcDict = new Dict();
  readonly sectionDict = new Dict();
  readonly classDict = new Dict();
  /** Per ipcDict code: its section and class codes. */
  protected ipcSectionOf = sharedInt32(1024);
  protected ipcClassOf = sharedInt32(1024);
  readonly applicantDict = new Dict();
  /** Recent sets of single conditions (recent(), remember()), dropped whenever the data changes. */
  protected cache = new Map<string, Bitset>();

  /** A kept set (shared: callers clone it), made the most recent; undefined when none is kept. */
  protected recent(key: string): Bitset | undefined {
    return lruGet(this.cache, key);
  }

  /** Keeps a set under `key`, dropping the least recent past KEPT_SETS; returns it. */
  protected remember(key: string, set: Bitset): Bitset {
    return lruSet(this.cache, key, set, KEPT_SETS);
  }

  /** Recent whole results (expression + filters → patents, facets), dropped whenever the data changes. */
  protected results = new Map<string, { set: Bitset; facets: Map<number, FacetCounts> }>();

  /** The arrays grew to `cap`: an engine's own sets grow with them (`regrow` copies a set into a larger one). */
  protected onResize(_cap: number, _regrow: (b: Bitset) => Bitset): void {}

  /**
   * The data changed: whole results are dropped. The date orders are patched when the changed patents are given (their
   * entries taken out and put back where their dates now say: a pass over the order instead of sorting every patent
   * again, 250 ms at a million), else dropped.
   */
  protected dropDerived(changed?: readonly number[]): void {
    this.results.clear();
    if (!changed) {
      this.orders = {};
      return;
    }
    const gone = new Bitset(this.cap);
    for (const id of changed) gone.add(id);
    for (const col of ['ad', 'pd'] as const) {
      const o = this.orders[col];
      if (o) this.orders[col] = this.patchedOrder(col, o.order, gone, changed);
    }
  }

  private patchedOrder(
    col: 'ad' | 'pd',
    old: Int32Array,
    gone: Bitset,
    changed: readonly number[],
  ): { order: Int32Array; undated: number } {
    const key = this[col];
    const before = (a: number, b: number) => key[a] < key[b] || (key[a] === key[b] && a < b);
    const back = [...new Set(changed)].filter((id) => this.live.has(id)).sort((a, b) => key[a] - key[b] || a - b);
    const out = new Int32Array(old.length + back.length);
    let w = 0;
    let j = 0;
    for (let i = 0; i < old.length; i++) {
      const id = old[i];
      if (gone.has(id)) continue;
      while (j < back.length && before(back[j], id)) out[w++] = back[j++];
      out[w++] = id;
    }
    while (j < back.length) out[w++] = back[j++];
    const order = out.slice(0, w);
    let undated = 0;
    while (undated < order.length && key[order[undated]] === 0) undated++;
    return { order, undated };
  }

  protected grow(maxId: number): void {
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
    const rec = sharedInt32(cap * 4);
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
    this.onResize(cap, regrow);
    this.cap = cap;
  }

  private ipcCode(code: string): number {
    const c = this.ipcDict.code(code);
    if (c === this.ipcDict.size - 1 && c > 0) {
      if (c >= this.ipcSectionOf.length) {
        const grow = (a: Int32Array) => {
          const b = sharedInt32(a.length * 2);
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
  protected setRaw(r: unknown[]): void {
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

  protected clearRow(id: number): void {
    if (id >= this.cap) return;
    this.live.words[id >>> 5] &= ~(1 << (id & 31));
    this.rec[id * 4 + 2] = -1;
    const o = this.rec[id * 4 + 3];
    if (o > 0) this.moreGarbage += 1 + this.morePool[o];
    this.rec[id * 4 + 3] = 0;
    this.hasMoreApplicants.words[id >>> 5] &= ~(1 << (id & 31));
  }

  /** The applicants of a patent after its first (codes; empty when it has one or none). */
  moreApplicantsOf(id: number): Int32Array {
    const o = id < this.cap ? this.rec[id * 4 + 3] : 0;
    return o > 0 ? this.morePool.subarray(o + 1, o + 1 + this.morePool[o]) : new Int32Array(0);
  }

  /** Room for `n` more entries at the pool's end (compacting it first when half of it is left behind). */
  private moreRoom(n: number): void {
    if (this.moreGarbage > 1024 && this.moreGarbage * 2 > this.moreUsed) {
      const pool = sharedInt32(Math.max(1024, (this.moreUsed - this.moreGarbage + n) * 2));
      let used = 1;
      this.hasMoreApplicants.forEach((id) => {
        const o = this.rec[id * 4 + 3];
        const len = 1 + this.morePool[o];
        pool.set(this.morePool.subarray(o, o + len), used);
        this.rec[id * 4 + 3] = used;
        used += len;
      });
      this.morePool = pool;
      this.moreUsed = used;
      this.moreGarbage = 0;
    }
    if (this.moreUsed + n > this.morePool.length) {
      const pool = sharedInt32(Math.max(this.morePool.length * 2, this.moreUsed + n));
      pool.set(this.morePool.subarray(0, this.moreUsed));
      this.morePool = pool;
    }
  }

  protected addApplicant(id: number, name: string): void {
    const c = this.applicantDict.code(name);
    if (this.rec[id * 4 + 2] < 0) {
      this.rec[id * 4 + 2] = c;
      return;
    }
    const o = this.rec[id * 4 + 3];
    if (o === 0) {
      this.moreRoom(2);
      this.morePool[this.moreUsed] = 1;
      this.morePool[this.moreUsed + 1] = c;
      this.rec[id * 4 + 3] = this.moreUsed;
      this.moreUsed += 2;
      this.hasMoreApplicants.add(id);
      return;
    }
    // Room first: compacting moves the lists.
    this.moreRoom(this.morePool[o] + 2);
    const from = this.rec[id * 4 + 3];
    const n = this.morePool[from];
    if (from + 1 + n === this.moreUsed) {
      // The pool's last list (a load adds a patent's applicants one after another): it grows in place.
      this.morePool[from] = n + 1;
      this.morePool[this.moreUsed++] = c;
      return;
    }
    const at = this.moreUsed;
    this.morePool.copyWithin(at, from, from + 1 + n);
    this.morePool[at] = n + 1;
    this.morePool[at + 1 + n] = c;
    this.rec[id * 4 + 3] = at;
    this.moreUsed = at + n + 2;
    this.moreGarbage += 1 + n;
  }

  protected universe(): Bitset {
    return this.live.clone();
  }

  protected fromIds(ids: readonly number[], cand: Bitset | null): Bitset {
    const b = new Bitset(this.cap);
    for (const id of ids) if (this.live.has(id)) b.add(id);
    return cand ? b.and(cand) : b;
  }

  /**
   * The members of `set` whose facet record has, at `slot`, a value `(v >>> shift) & mask` marked 1 in `ok`: one loop
   * over the set's words with no call per member (filterIds' test closure cost as much as the record read).
   */
  private filterByRecord(set: Bitset, slot: number, shift: number, mask: number, ok: Uint8Array): Bitset {
    const out = new Bitset(this.cap);
    const rec = this.rec;
    const from = set.words;
    const to = out.words;
    const n = Math.min(from.length, to.length);
    for (let i = 0; i < n; i++) {
      let x = from[i];
      let keep = 0;
      while (x !== 0) {
        const t = x & -x;
        const id = (i << 5) + 31 - Math.clz32(t);
        if (ok[(rec[id * 4 + slot] >>> shift) & mask] === 1) keep |= t;
        x ^= t;
      }
      to[i] = keep >>> 0;
    }
    return out;
  }

  protected filterIds(cand: Bitset | null, test: (id: number) => boolean): Bitset {
    const out = new Bitset(this.cap);
    (cand ?? this.live).forEach((id) => {
      if (test(id)) out.add(id);
    });
    return out;
  }

  /**
   * The live patents of a comma-separated id list (SQLite's group_concat, PostgreSQL's string_agg), parsed straight
   * into a set: one value crosses from the database, and no array of ids is made (a frequent term has hundreds of
   * thousands).
   */
  protected liveOfIdList(s: string | null): Bitset {
    const out = new Bitset(this.cap);
    if (s) addIdList(out.words, s, this.live.words);
    return out;
  }

  /** A date or TYPE/LS condition over the arrays, within `cand` when given. */
  protected structured(node: DateNode | EnumNode, cand: Bitset | null): Bitset {
    if (node.type === 'date') {
      const arr = node.field === 'AD' ? this.ad : node.field === 'PD' ? this.pd : this.gd;
      const from = node.from ? dateInt(node.from) : 1;
      const to = node.to ? dateInt(node.to) : 99999999;
      return this.filterByDate(cand ?? this.live, arr, Math.max(1, from), to);
    }
    const dict = node.field === 'TYPE' ? this.typeDict : this.lsDict;
    const shift = node.field === 'TYPE' ? 0 : 8;
    const ok = this.codeMask(dict, node.values);
    if (!ok) return new Bitset(this.cap);
    return this.filterByRecord(cand ?? this.live, 0, shift, 0xff, ok);
  }

  /** The members of `set` whose date in `arr` lies in [from, to] (from ≥ 1: no date never matches), as filterByRecord. */
  private filterByDate(set: Bitset, arr: Int32Array, from: number, to: number): Bitset {
    const out = new Bitset(this.cap);
    const words = set.words;
    const to32 = out.words;
    const n = Math.min(words.length, to32.length);
    for (let i = 0; i < n; i++) {
      let x = words[i];
      let keep = 0;
      while (x !== 0) {
        const t = x & -x;
        const d = arr[(i << 5) + 31 - Math.clz32(t)];
        if (d >= from && d <= to) keep |= t;
        x ^= t;
      }
      to32[i] = keep >>> 0;
    }
    return out;
  }

  /** Whether a whole result is kept under `key` (an engine that evaluates asynchronously asks before result()). */
  hasResult(key: string): boolean {
    return this.results.has(key);
  }

  /**
   * A whole result, kept (LRU, RESULT_ENTRIES) under `key` (the canonical expression and filters): the result page,
   * its next pages and the four statistics calls of the analysis panel ask for the same set and facets.
   */
  result(key: string, compute: () => Bitset): { set: Bitset; facets: (applicantLimit: number) => FacetCounts } {
    const entry = lruGet(this.results, key) ?? lruSet(this.results, key, { set: compute(), facets: new Map() }, RESULT_ENTRIES);
    return {
      set: entry.set,
      facets: (limit) => {
        let f = entry.facets.get(limit);
        if (!f) entry.facets.set(limit, (f = this.facets(entry.set, limit)));
        return f;
      },
    };
  }

  /** Which packed codes (0–255) of a dictionary stand for one of `values`; null when none does. */
  protected codeMask(dict: Dict, values: readonly string[]): Uint8Array | null {
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
      out = this.filterByRecord(out, 0, shift, 0xff, ok);
    };
    dictFilter(f.type, this.typeDict, 0);
    dictFilter(f.legal_status, this.lsDict, 8);
    if (f.app_year?.length) {
      const ok = new Uint8Array(32768);
      for (const y of f.app_year) if (y > 0 && y < 32768) ok[y] = 1;
      out = this.filterByRecord(out, 0, 16, 0xffff, ok);
    }
    const prefixFilter = (values: string[] | undefined) => {
      if (!values?.length) return;
      const ok = new Uint8Array(this.ipcDict.size);
      this.ipcDict.values.forEach((code, c) => {
        if (code && values.some((v) => code.startsWith(v))) ok[c] = 1;
      });
      out = this.filterByRecord(out, 1, 0, 0x7fffffff, ok);
    };
    prefixFilter(f.ipc_section);
    prefixFilter(f.ipc_class);
    if (f.applicant?.length) {
      // Exact names, as the SQL path's `name IN (…)`.
      const want = new Set<number>();
      for (const a of f.applicant) {
        const c = this.applicantDict.lookup(a);
        if (c !== undefined) want.add(c);
      }
      const hasMore = this.hasMoreApplicants;
      out = this.filterIds(out, (id) => {
        const a = rec[id * 4 + 2];
        if (a < 0) return false;
        if (want.has(a)) return true;
        return hasMore.has(id) && this.moreApplicantsOf(id).some((m) => want.has(m));
      });
    }
    return out;
  }

  /**
   * The helper that counts the upper half of a large result's facets beside this thread (ADR 0078), or null: the
   * SQLite store's FTS5 helper on a large database.
   */
  protected facetHelper(): FtsHalves | null {
    return null;
  }

  /** Results from this many patents up have their facets counted in two halves when there is a helper (tests lower it). */
  facetSplitMin = FACET_SPLIT_MIN;

  facets(set: Bitset, applicantLimit: number): FacetCounts {
    const sizes: FacetSizes = [this.sectionDict.size, this.classDict.size, this.applicantDict.size];
    const c = facetCounters(sizes);
    const words = set.words;
    const arrays: FacetArrays = {
      rec: this.rec,
      secOf: this.ipcSectionOf,
      clsOf: this.ipcClassOf,
      moreWords: this.hasMoreApplicants.words,
      pool: this.morePool,
    };
    const count = (from: number, to: number) => countFacets(words, from, to, arrays, c);
    const helper = this.facetHelper();
    const split = helper ? splitWords(words, this.facetSplitMin) : null;
    const upper = split ? helper!.sendFacets({ set: words, fromWord: split, arrays, sizes }) : null;
    let noApplicant: number;
    if (!upper) noApplicant = count(0, words.length);
    else {
      const [low, up] = inHalves(
        upper,
        () => count(0, split!),
        () => ({ counts: null, noApplicant: count(split!, words.length) }),
      );
      if (up.counts) addFacetCounts(c, up.counts);
      noApplicant = low + up.noApplicant;
    }
    const { typeN, lsN, yearN, secN, clsN, appN } = c;
    const touched = c.touched!;
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

  /**
   * Builds the publication-date order now (the end of a store's build), so that the first relevance or date page
   * does not wait for it; the application-date order (its own sorts only) is built when first asked for.
   */
  protected async buildOrders(): Promise<void> {
    await nextTurn();
    this.dateOrder('pd');
  }

  private dateOrder(col: 'ad' | 'pd'): { order: Int32Array; undated: number } {
    let o = this.orders[col];
    if (!o) {
      const key = this[col];
      // date · 10⁸ + id stays below 2⁵³, and a Float64Array sorts natively (no comparator calls).
      const keys = new Float64Array(this.live.count());
      let undated = 0;
      let n = 0;
      this.live.forEach((id) => {
        keys[n++] = key[id] * 1e8 + id;
        if (key[id] === 0) undated++;
      });
      keys.sort();
      const order = new Int32Array(keys.length);
      for (let i = 0; i < keys.length; i++) order[i] = keys[i] % 1e8;
      this.orders[col] = o = { order, undated };
    }
    return o;
  }

  /**
   * The first k members of `set` in a date order: dated newest (or oldest) first, then undated, ties by id. `walkSteps`
   * bounds the walk through the date order (tests set it to reach the sort).
   */
  firstByDate(set: Bitset, sort: Exclude<SortKey, 'relevance'>, k: number, walkSteps?: number): number[] {
    const dir = sort.endsWith('_asc') ? 1 : -1;
    const col = sort === 'ad_desc' || sort === 'ad_asc' ? 'ad' : 'pd';
    const n = set.count();
    const steps = walkSteps ?? ORDER_WALK_STEPS_MIN + ORDER_WALK_STEPS_PER_MEMBER * n;
    const sorted = () => topK(set.toArray(), k, dateComparator(this[col], dir));
    // Members spread over the order: about k · live / n steps find k of them. The order, once built, holds every live
    // patent: its length spares counting them on every page.
    const live = this.orders[col]?.order.length ?? this.live.count();
    if (n === 0 || (k * live) / n > steps) return sorted();
    const { order, undated } = this.dateOrder(col);
    const out: number[] = [];
    let left = steps;
    // Walks order[from] … towards `to` (exclusive) by `step`; false when the steps ran out first.
    const take = (from: number, to: number, step: 1 | -1): boolean => {
      const stop = step === 1 ? Math.min(to, from + left) : Math.max(to, from - left);
      let i = from;
      for (; i !== stop && out.length < k; i += step) if (set.has(order[i])) out.push(order[i]);
      left -= Math.abs(i - from);
      return out.length >= k || i === to;
    };
    const done = dir === -1 ? take(order.length - 1, -1, -1) : take(undated, order.length, 1) && take(0, undated, 1);
    return done ? out : sorted();
  }
}

/** A Map used as a least-recently-used cache (its insertion order): the value under `key`, made the most recent. */
export function lruGet<K, V>(map: Map<K, V>, key: K): V | undefined {
  const v = map.get(key);
  if (v !== undefined) {
    map.delete(key);
    map.set(key, v);
  }
  return v;
}

/** Puts `value` under `key` as the most recent, dropping the least recent past `max`; returns it. */
export function lruSet<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

/** Results from this many patents up have their facets counted in two halves when a helper is there (ADR 0078). */
const FACET_SPLIT_MIN = 8192;

/**
 * What facets() reads, on shared memory so that the FTS5 helper thread can count the upper half of a result (ADR
 * 0078): the same typed array, on a SharedArrayBuffer.
 */
function sharedInt32(n: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(n * 4));
}

/** The first word of a set's upper half by count, or 0 when it has fewer than `min` members (counted here whole). */
function splitWords(words: Uint32Array, min: number): number {
  const [total, mid] = middleWord(words);
  return total >= min ? mid : 0;
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

/** A database handle's store: the current one, the one being built, and the build of its posting sets. */
export interface StoreState<S> {
  store: S | null;
  building: Promise<S> | null;
  /** The posting sets' build of the current store (resolves with how many there are). */
  postings?: Promise<number>;
}

/**
 * Builds a store into `st`: once `load` has filled it, it becomes the current store and `postings` (when given)
 * starts in the background. A failed build is retried by the next search; meanwhile search answers through SQL, as it
 * does while the posting sets are missing or failed.
 */
export function buildStore<S>(
  st: StoreState<S>,
  s: S,
  load: Promise<void>,
  postings: (() => Promise<number>) | null,
): Promise<S> {
  st.building = load.then(
    () => {
      st.store = s;
      st.building = null;
      if (postings) {
        st.postings = postings();
        st.postings.catch(() => {});
      }
      return s;
    },
    (err: unknown) => {
      st.building = null;
      throw err;
    },
  );
  st.building.catch(() => {});
  return st.building;
}
