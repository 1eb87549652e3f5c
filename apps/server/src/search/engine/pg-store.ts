// PostgreSQL fast path (issue 15, ADR 0070): the search columns in memory (column-store.ts), as on SQLite, fed from
// PostgreSQL. Total, facets and pages are counted over typed arrays instead of one index probe per matching patent;
// PostgreSQL answers only what needs its indexes: the ids of each text condition (GIN, the same statement as the SQL
// path: textLeafIds), of IPC / number conditions, the score of at most a few thousand patents for a page by relevance,
// and which of a page's candidates match in the title. Text condition sets are kept (LRU), and the commonest
// two-character terms of TX, TI, AB and CL have a set built in the background (postingKeys), as on SQLite for TX.
//
// Freshness: migration 052 logs every changed patent id in `search_changes` with the id of the writing transaction.
// Each search first reads the rows its last snapshot could not see (a transaction committing late is not missed),
// patches those patents, and drops the kept sets; after a big import, or when the log was pruned past its last
// snapshot, the store is built anew in the background while search answers through SQL. Several app servers each
// keep their own store and read the same log; a server prunes only rows older than PRUNE_AGE_MS.
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../../db/schema';
import type { CodeNode, NearNode, Node, TermNode } from '../expression/ast';
import { Bitset } from './bitset';
import { buildStore, ColumnStore, MAX_ID, type StoreState } from './column-store';
import { textLeafIds, textStatementSettings } from './compile-pg';
import { groongaOf, groongaPhrase, type GroongaView } from './groonga';
import { isBigram, POSTING_DEFAULTS, type PostingOptions } from './postings';
import { indexText } from '../tokenise';
import { codeIdsSql } from './structured';
import { nearTsquery, termTsquery } from './text-query';

const LOAD_CHUNK = 50000;
/** Up to this largest id the store is built before the first search answers; beyond, in the background. */
const SYNC_BUILD_MAX_ID = 50000;
/** More changed patents than this: a full rebuild instead of a patch. */
const FULL_RELOAD_CHANGES = 20000;
const MAX_PATCH_ROWS = FULL_RELOAD_CHANGES * 6;
/** Log rows older than this (by the snapshot horizon a server saw then) may be pruned. */
export const PRUNE_AGE_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;

const COLUMNS = 'id, ad, pd, gd, app_year, type, legal_status, ipc_main';

type Leaf = TermNode | NearNode;

/** The key of a text condition's set: its field and tsquery (null: it matches nothing). */
export function leafKey(node: Leaf): string | null {
  const q = node.type === 'term' ? termTsquery(node) : nearTsquery(node);
  return q === null ? null : `${node.field}\u0000${q}`;
}

/** The fields whose commonest two-character terms get a posting set: the top bar's TX, and each of its three. */
const POSTING_FIELDS = [
  ['TI', 0],
  ['AB', 1],
  ['CL', 2],
] as const;

/**
 * The posting sets a patent's 名称, 摘要 and 权利要求 are in, as `field NUL token`: each two-character token as a TX term
 * and as a term of the field it is in (a condition such as 摘要=结构 matches 231,778 of a million patents: its set from
 * GIN or Groonga costs 80–200 ms, a kept set a copy).
 */
export function postingKeys(title: string, abstract: string, claims: string): Set<string> {
  const keys = new Set<string>();
  const texts = [title, abstract, claims];
  for (const [field, i] of POSTING_FIELDS) {
    for (const t of new Set(indexText(texts[i] ?? '').split(' '))) {
      if (!isBigram(t)) continue;
      keys.add(postingKey(field, t));
      keys.add(postingKey('TX', t));
    }
  }
  return keys;
}

/** The key of a code condition's set. */
const codeKey = (node: CodeNode) => `code\u0000${node.field}\u0000${node.value}`;

const postingKey = (field: 'TX' | 'TI' | 'AB' | 'CL', token: string) => `${field}\u0000${token}`;

/** The condition a postingKeys key stands for. */
function postingNode(key: string): TermNode {
  const [field, value] = key.split('\u0000') as [TermNode['field'], string];
  return { type: 'term', field, value };
}

export class PgStore extends ColumnStore {
  private snapshot = '';
  private built = false;
  private retired = false;
  /** Sets of the commonest two-character terms of TX, TI, AB and CL, by leafKey. */
  private postings = new Map<string, Bitset>();
  /** The leafKey of each set by postingKeys' key (the sets are patched from the patents' text). */
  private byToken = new Map<string, string>();
  /** The IPC subclasses with a set in `postings` (under codeKey: the commonest, whose code statement reads 100,000+ rows). */
  private subclasses: string[] = [];
  /** Horizons seen (time, xmin of the snapshot), for pruning. */
  private horizons: { at: number; xmin: string }[] = [];
  private lastPrune = 0;
  private running: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;

  constructor(
    private db: Kysely<Database>,
    private pool: pg.Pool,
    private opts: { pruneAgeMs?: number; now?: () => number } = {},
  ) {
    super();
  }

  protected override onResize(cap: number, regrow: (b: Bitset) => Bitset): void {
    for (const [k, b] of this.postings) if (b.size < cap) this.postings.set(k, regrow(b));
  }

  private async rows(text: string, values: unknown[] = []): Promise<unknown[][]> {
    const r = await this.pool.query({ text, values, rowMode: 'array' });
    return r.rows as unknown[][];
  }

  // ─── loading ──────────────────────────────────────────────────────────────────────────────────────────────

  private setRows(rows: unknown[][]): void {
    for (const r of rows) this.setRaw(r);
  }

  /** Builds the arrays, chunk by chunk (each chunk a query: the event loop runs between them). */
  async load(): Promise<void> {
    const [[snap, maxId]] = await this.rows('SELECT pg_current_snapshot()::text, coalesce(max(id), 0) FROM patents');
    this.snapshot = snap as string;
    if ((maxId as number) > MAX_ID) {
      this.unusable = true;
      return;
    }
    this.grow(maxId as number);
    for (let after = 0; ;) {
      const to = after + LOAD_CHUNK;
      this.setRows(await this.rows(`SELECT ${COLUMNS} FROM patents WHERE id > $1 AND id <= $2`, [after, to]));
      for (const [id, name] of await this.rows(
        'SELECT patent_id, name FROM patent_applicants WHERE patent_id > $1 AND patent_id <= $2',
        [after, to],
      )) {
        if (this.live.has(id as number)) this.addApplicant(id as number, name as string);
      }
      const [[next]] = await this.rows('SELECT min(id) FROM patents WHERE id > $1', [to]);
      if (next === null || (next as number) > this.cap - 1) break;
      after = (next as number) - 1;
    }
    await this.buildOrders();
    this.built = true;
  }

  /** This store is no longer the pool's: a postings build still running stops. */
  retire(): void {
    this.retired = true;
  }

  /**
   * Brings the arrays up to date with the tables (before every search). Resolves false when that takes a full
   * rebuild. Calls are serialised, and a call made while one runs waits for the next read (it may have been made
   * after a write the running read cannot see).
   */
  refresh(): Promise<boolean> {
    if (!this.built) return Promise.resolve(false);
    if (this.queued) return this.queued;
    const prev = this.running;
    const next = (prev ? prev.catch(() => false) : Promise.resolve(false)).then(() => {
      this.queued = null;
      return this.read();
    });
    this.running = next;
    if (prev) this.queued = next;
    next
      .finally(() => {
        if (this.running === next) this.running = null;
      })
      .catch(() => {});
    return next;
  }

  private async read(): Promise<boolean> {
    const [[snap, gap, ids]] = await this.rows(
      `SELECT pg_current_snapshot()::text,
        coalesce((SELECT below > pg_snapshot_xmin(CAST($1 AS pg_snapshot)) FROM search_changes_pruned WHERE id = 1), false),
        ARRAY(SELECT patent_id FROM search_changes
          WHERE xid >= pg_snapshot_xmin(CAST($1 AS pg_snapshot)) AND NOT pg_visible_in_snapshot(xid, CAST($1 AS pg_snapshot))
          LIMIT $2)`,
      [this.snapshot, MAX_PATCH_ROWS + 1],
    );
    const changed = ids as number[];
    if (gap || changed.length > MAX_PATCH_ROWS) return false;
    const unique = [...new Set(changed)];
    if (unique.length > FULL_RELOAD_CHANGES) return false;
    if (unique.length) await this.patch(unique);
    this.snapshot = snap as string;
    await this.maybePrune();
    return true;
  }

  private async patch(ids: number[]): Promise<void> {
    const [rows, apps, texts, codes] = await Promise.all([
      this.rows(`SELECT ${COLUMNS} FROM patents WHERE id = ANY($1)`, [ids]),
      this.rows('SELECT patent_id, name FROM patent_applicants WHERE patent_id = ANY($1)', [ids]),
      this.postings.size
        ? this.rows('SELECT id, title, abstract, claims FROM patents WHERE id = ANY($1)', [ids])
        : Promise.resolve([]),
      this.subclasses.length
        ? this.rows('SELECT patent_id, code FROM patent_ipc WHERE patent_id = ANY($1)', [ids])
        : Promise.resolve([]),
    ]);
    for (const id of ids) this.clearRow(id);
    this.setRows(rows);
    for (const [id, name] of apps) if (this.live.has(id as number)) this.addApplicant(id as number, name as string);
    if (this.postings.size) {
      for (const id of ids) for (const s of this.postings.values()) if (id < s.size) s.words[id >>> 5] &= ~(1 << (id & 31));
      for (const [id, title, abstract, claims] of texts) {
        for (const key of postingKeys(title as string, abstract as string, claims as string))
          this.postings.get(this.byToken.get(key) ?? '')?.add(id as number);
      }
      for (const [id, code] of codes) {
        for (const sc of this.subclasses) {
          if ((code as string).startsWith(sc))
            this.postings.get(codeKey({ type: 'code', field: 'IPC', value: sc }))?.add(id as number);
        }
      }
    }
    this.cache.clear();
    this.dropDerived(ids);
  }

  /**
   * Now and then, deletes the log rows of transactions older than the horizon this server saw PRUNE_AGE_MS ago, and
   * records that horizon: a server whose last read is older than that rebuilds in full.
   */
  private async maybePrune(): Promise<void> {
    const now = (this.opts.now ?? Date.now)();
    const age = this.opts.pruneAgeMs ?? PRUNE_AGE_MS;
    const xmin = this.snapshot.split(':')[0];
    const last = this.horizons[this.horizons.length - 1];
    if (!last || now - last.at >= Math.min(PRUNE_EVERY_MS, age || 1)) this.horizons.push({ at: now, xmin });
    if (now - this.lastPrune < Math.min(PRUNE_EVERY_MS, age || 1) && age > 0) return;
    let h: string | null = null;
    while (this.horizons.length && now - this.horizons[0].at >= age) h = this.horizons.shift()!.xmin;
    if (h === null) return;
    this.lastPrune = now;
    await this.pruneBelow(h);
  }

  /** Deletes the log rows of transactions before `xid` and records it as the pruned horizon. */
  async pruneBelow(xid: string): Promise<void> {
    await this.pool.query(
      `WITH p AS (INSERT INTO search_changes_pruned (id, below) VALUES (1, CAST($1 AS xid8))
        ON CONFLICT (id) DO UPDATE SET below = CASE WHEN excluded.below > search_changes_pruned.below THEN excluded.below ELSE search_changes_pruned.below END)
      DELETE FROM search_changes WHERE xid < CAST($1 AS xid8)`,
      [xid],
    );
  }

  // ─── sets ─────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The ids a statement returns (column patent_id or id). `text`: a text condition, whose statement runs with
   * sequential scans off (see resolveTextLeaves: PostgreSQL costs `@@` as cheap); any other is planned as it is.
   */
  private async idsOf(query: ReturnType<typeof sql>, column: 'patent_id' | 'id', text = true): Promise<Bitset> {
    const q = sql<{ s: string | null }>`SELECT string_agg(CAST(x.${sql.ref(column)} AS text), ',') AS s FROM (${query}) x`;
    const r = text
      ? await this.db.transaction().execute(async (trx) => {
          await textStatementSettings(trx);
          return q.execute(trx);
        })
      : await q.execute(this.db);
    return this.liveOfIdList(r.rows[0]?.s ?? null);
  }

  /** The live patents among `ids` (Groonga's answers: ids of patents deleted since its snapshot are dropped). */
  private liveOf(ids: Iterable<number>): Bitset {
    const set = new Bitset(this.cap);
    for (const id of ids) if (id < this.cap) set.add(id);
    return set.and(this.live);
  }

  /** A frequent term's set, else a kept one (text, IPC and number conditions). */
  private cached(key: string): Bitset | undefined {
    return this.postings.get(key) ?? this.recent(key);
  }

  /**
   * The patents a text condition matches (shared: do not change it). With a Groonga view (groonga.ts), a phrase
   * condition is answered by Groonga, and by PostgreSQL for the patents changed since Groonga's snapshot.
   */
  async leafSet(node: Leaf, view: GroongaView | null = null): Promise<Bitset> {
    const key = leafKey(node);
    if (key === null) return new Bitset(this.cap);
    const hit = this.cached(key);
    if (hit) return hit;
    const ids = view ? await groongaOf(this.pool)?.leafIds(node, view) : null;
    let set: Bitset;
    if (ids) {
      set = this.liveOf(ids);
    } else {
      set = await this.idsOf(textLeafIds(node)!, 'patent_id');
    }
    this.remember(key, set);
    return set;
  }

  private async codeSet(node: CodeNode): Promise<Bitset> {
    const key = codeKey(node);
    const hit = this.cached(key);
    if (hit) return hit;
    const set = await this.idsOf(codeIdsSql(node, 'postgres'), 'patent_id', false);
    this.remember(key, set);
    return set;
  }

  /** The patents among `ids` whose title (chunk 0) matches `title` (a condition over `patent_search s`). */
  async titleAmong(ids: readonly number[], title: ReturnType<typeof sql>): Promise<Set<number>> {
    if (!ids.length) return new Set();
    // The rows by primary key (`= ANY` of a parameter: the planner sees its length), the title tested on those only:
    // OFFSET 0 keeps the title condition out of the scan, which could otherwise be planned through the title's GIN
    // index or a sequential scan of the whole table.
    const r = await sql<{
      id: number;
    }>`SELECT s.patent_id AS id FROM (SELECT s.patent_id, s.ti FROM patent_search s WHERE s.patent_id = ANY(CAST(${ids} AS integer[])) OFFSET 0) s WHERE ${title}`.execute(
      this.db,
    );
    return new Set(r.rows.map((row) => Number(row.id)));
  }

  /**
   * All patents whose title (chunk 0) matches `title`, kept under `key`. With Groonga and `leaves` (the conditions of
   * `title`, compile-pg.ts titleLeaves), from Groonga, and from PostgreSQL for the patents changed since its snapshot:
   * a title GIN statement over a million patents rechecks every candidate's title (ADR 0086). Groonga reads the whole
   * title, PostgreSQL its first chunk: the same set, as no title reaches a second chunk (16,383 positions).
   */
  async titleSet(key: string, title: ReturnType<typeof sql>, leaves: readonly Leaf[] = []): Promise<Bitset> {
    const k = `title\u0000${key}`;
    const hit = this.cached(k);
    if (hit) return hit;
    // A condition whose title twin (the same term on TI) has a posting set is answered by that set: 名称=(模块 AND
    // 结构) asked Groonga for 模块's 53,000 titles, 59–73 ms.
    const kept = new Bitset(this.cap);
    const rest: Leaf[] = [];
    for (const l of leaves) {
      const twin = leafKey({ ...l, field: 'TI' });
      const s = twin === null ? undefined : this.postings.get(twin);
      if (s) kept.or(s);
      else rest.push(l);
    }
    let set: Bitset;
    if (leaves.length && !rest.length) {
      set = kept;
    } else {
      const groonga = rest.length ? groongaOf(this.pool) : undefined;
      const view = groonga ? await groonga.view() : null;
      const ids = view ? await groonga!.titleIds(rest, view) : null;
      if (ids) {
        set = this.liveOf([...ids, ...(await this.titleAmong(view!.changed, title))]).or(kept);
      } else {
        set = await this.idsOf(sql`SELECT s.patent_id FROM patent_search s WHERE ${title}`, 'patent_id');
      }
    }
    this.remember(k, set);
    return set;
  }

  // ─── evaluation ───────────────────────────────────────────────────────────────────────────────────────────

  /** The patents matching `node`, within `cand` when given. The text conditions are fetched side by side first. */
  async evaluate(node: Node, cand: Bitset | null = null): Promise<Bitset> {
    const leaves: Leaf[] = [];
    const walk = (n: Node) => {
      if (n.type === 'and' || n.type === 'or') n.children.forEach(walk);
      else if (n.type === 'not') walk(n.child);
      else if (n.type === 'term' || n.type === 'near') leaves.push(n);
    };
    walk(node);
    const sets = new Map<Node, Bitset>();
    const groonga = leaves.some((l) => groongaPhrase(l)) ? groongaOf(this.pool) : undefined;
    const view = groonga ? await groonga.view() : null;
    await Promise.all(leaves.map(async (l) => sets.set(l, await this.leafSet(l, view))));
    return this.eval(node, cand, sets);
  }

  private async eval(node: Node, cand: Bitset | null, sets: Map<Node, Bitset>): Promise<Bitset> {
    switch (node.type) {
      case 'term':
      case 'near': {
        const s = sets.get(node)!;
        return cand ? s.clone().and(cand) : s.clone();
      }
      case 'and': {
        // Text and code sets first (they narrow), then the array tests over what is left, negations last.
        const rank = (n: Node) => (n.type === 'term' || n.type === 'near' ? 0 : n.type === 'code' ? 1 : n.type === 'not' ? 3 : 2);
        let acc: Bitset | null = cand ? cand.clone() : null;
        for (const c of [...node.children].sort((a, b) => rank(a) - rank(b))) {
          if (c.type === 'not') acc = (acc ?? this.universe()).andNot(await this.eval(c.child, acc, sets));
          else acc = await this.eval(c, acc, sets);
        }
        return acc ?? this.universe();
      }
      case 'or': {
        const acc = new Bitset(this.cap);
        for (const c of node.children) acc.or(await this.eval(c, cand, sets));
        return acc;
      }
      case 'not':
        return (cand ? cand.clone() : this.universe()).andNot(await this.eval(node.child, cand, sets));
      case 'date':
      case 'enum':
        return this.structured(node, cand);
      case 'code': {
        const s = await this.codeSet(node);
        return cand ? s.clone().and(cand) : s.clone();
      }
    }
  }

  /** Forgets the kept sets and results (benchmarks measure cold queries with it; the posting sets stay). */
  clearCaches(): void {
    this.cache.clear();
    this.results.clear();
  }

  // ─── posting sets ─────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Builds the sets of the commonest two-character terms of TX, TI, AB and CL (postingKeys; as in postings.ts, estimated
   * from a sample of the patents), one GIN statement per set, in the background; resolves with how many there are.
   */
  async buildPostings(opts: PostingOptions = POSTING_DEFAULTS): Promise<number> {
    const ids = this.live.toArray();
    if (ids.length < opts.minPatents) return 0;
    const step = Math.max(1, Math.floor(ids.length / opts.sample));
    const sample: number[] = [];
    for (let i = 0; i < ids.length; i += step) sample.push(ids[i]);
    const df = new Map<string, number>();
    let sampled = 0;
    for (let i = 0; i < sample.length; i += 500) {
      for (const [title, abstract, claims] of await this.rows('SELECT title, abstract, claims FROM patents WHERE id = ANY($1)', [
        sample.slice(i, i + 500),
      ])) {
        sampled++;
        for (const key of postingKeys(title as string, abstract as string, claims as string)) df.set(key, (df.get(key) ?? 0) + 1);
      }
    }
    if (!sampled) return 0;
    const scale = ids.length / sampled;
    const most = Math.floor(opts.budgetBytes / Math.ceil(this.live.size / 8));
    // The IPC subclasses of at least minHits patents first (15 at a million, 2 s for the count): IPC=H01M reads
    // 171,242 rows of patent_ipc, 32–88 ms, where a kept set is a copy.
    const subclasses = await this.rows(
      `SELECT left(code, 4) AS sc FROM patent_ipc GROUP BY 1 HAVING count(DISTINCT patent_id) >= $1
        ORDER BY count(DISTINCT patent_id) DESC, 1 LIMIT $2`,
      [opts.minHits, most],
    );
    for (const [sc] of subclasses) {
      if (this.retired) return this.postings.size;
      const before = this.snapshot;
      const node: CodeNode = { type: 'code', field: 'IPC', value: sc as string };
      const set = await this.idsOf(codeIdsSql(node, 'postgres'), 'patent_id', false);
      if (before === this.snapshot && !this.retired) {
        this.postings.set(codeKey(node), set);
        this.byToken.set(`IPC\u0000${sc as string}`, codeKey(node));
        this.subclasses.push(sc as string);
      }
    }
    const common = [...df]
      .filter(([, n]) => n * scale >= opts.minHits)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([k]) => k);
    // The top bar's TX terms within the budget, then as many sets again for the terms of one field (a term is as
    // frequent in TX as in its commonest field at least: one list would leave the fields none).
    const tx = (k: string) => k.startsWith('TX\u0000');
    const keys = [...common.filter(tx).slice(0, most), ...common.filter((k) => !tx(k)).slice(0, most)];
    for (const key of keys) {
      if (this.retired) break;
      // Read with the snapshot the store is at: a change after it is patched into the set by the next refresh.
      const before = this.snapshot;
      const node = postingNode(key);
      const k = leafKey(node);
      if (k === null) continue;
      const set = await this.idsOf(textLeafIds(node)!, 'patent_id');
      if (this.retired) break;
      if (before === this.snapshot) {
        this.postings.set(k, set);
        this.byToken.set(key, k);
      }
    }
    return this.postings.size;
  }

  /** The posting sets by postingKeys' key, `field NUL token`, and the IPC subclasses' as `IPC NUL code` (tests, figures). */
  postingSets(): Map<string, Bitset> {
    return new Map([...this.byToken].map(([key, k]) => [key, this.postings.get(k)!]));
  }
}

const states = new WeakMap<pg.Pool, StoreState<PgStore>>();

function stateOf(pool: pg.Pool): StoreState<PgStore> {
  let st = states.get(pool);
  if (!st) states.set(pool, (st = { store: null, building: null }));
  return st;
}

function startBuild(
  db: Kysely<Database>,
  pool: pg.Pool,
  st: StoreState<PgStore>,
  postings: PostingOptions | false = POSTING_DEFAULTS,
): Promise<PgStore> {
  const s = new PgStore(db, pool);
  return buildStore(st, s, s.load(), postings ? () => s.buildPostings(postings) : null);
}

/**
 * The up-to-date store of a pool, or null while it is being built (search then takes the SQL path). A small database
 * is built before the call returns; a larger one in the background.
 */
export async function readyPgStore(db: Kysely<Database>, pool: pg.Pool): Promise<PgStore | null> {
  const st = stateOf(pool);
  const current = st.store;
  if (current) {
    if (await current.refresh()) return current;
    if (st.store === current) {
      current.retire();
      st.store = null;
    }
  }
  if (st.building) return null;
  const [[maxId]] = (await pool.query({ text: 'SELECT coalesce(max(id), 0) FROM patents', rowMode: 'array' })).rows as [number][];
  if (st.building || st.store) return st.store;
  const build = startBuild(db, pool, st);
  if (maxId <= SYNC_BUILD_MAX_ID) return build;
  return null;
}

/** Waits until the store of a pool is built, and its posting sets too (`postings: false`: none; benchmarks). */
export async function pgStoreWhenReady(
  db: Kysely<Database>,
  pool: pg.Pool,
  opts: { postings?: PostingOptions | false } = {},
): Promise<{ store: PgStore; postings: number }> {
  const st = stateOf(pool);
  let store = st.store && (await st.store.refresh()) ? st.store : null;
  if (!store) {
    st.store?.retire();
    st.store = null;
    store = await (st.building ?? startBuild(db, pool, st, opts.postings));
  }
  return { store, postings: await (st.postings ?? 0) };
}
