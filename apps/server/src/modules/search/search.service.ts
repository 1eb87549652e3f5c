// Patent search: expression tree → matching set → exact total, facets, one sorted page with highlights.
//
// Two ways to the same answers:
//   • SQLite (default): the in-memory search columns (search/engine/sqlite-store.ts) with FTS5 for text;
//   • SQL: the compiled WHERE fragment (compile-sqlite.ts / compile-pg.ts) with COUNT/GROUP BY; always used on
//     PostgreSQL, and on SQLite while another statement holds the connection in a transaction.
// The API tests run both on SQLite and compare them with brute force; result sets are identical on both engines.
import { sql, type Transaction } from 'kysely';
import type { SearchFacets, SearchHit, SearchReply, SearchSort } from '@ip/contract';
import { SEARCH_DEPTH_MAX } from '@ip/contract';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write';
import { badRequest } from '../../http/errors';
import {
  ExpressionError,
  parseEspacenet,
  parseExpression,
  toExpression,
  type NearNode,
  type Node,
  type TermNode,
} from '../../search/expression';
import { highlight, highlightTerms, snippet } from '../../search/highlight';
import { enumValue } from '../../search/expression/fields';
import { normalise } from '../../search/normalise';
import {
  compilePg,
  pgRankExpression,
  pgTitleCondition,
  textLeafIds,
  textStatementSettings,
  titleLeaves,
  type ResolvedLeaves,
} from '../../search/engine/compile-pg';
import { compileSqlite, positiveLeafQueries, rankFtsQuery, titleFtsQuery } from '../../search/engine/compile-sqlite';
import { ftsTerm, positiveTextLeaves, textLeaves } from '../../search/engine/text-query';
import { buckets, byCountThenValue, compareCodePoints, type FacetBucket, type FacetCounts } from '../../search/engine/facets';
import { dateComparator, readyStore, topK, type SqliteStore } from '../../search/engine/sqlite-store';
import { readyPgStore, type PgStore } from '../../search/engine/pg-store';
import { groongaOf } from '../../search/engine/groonga';
import { filtersSql, hasFilters, type Fragment, type SearchFilters } from '../../search/engine/structured';
import { Bitset } from '../../search/engine/bitset';
import { parseKeywordBox } from '../../search/keywords';

/** bm25 weights of the FTS5 columns ti, ab, cl, de, pa, inv, addr, ag: title > abstract > claims > description. */
export const BM25_WEIGHTS = [10, 5, 2, 1, 3, 3, 1, 1] as const;
const BM25 = `bm25(patents_fts, ${BM25_WEIGHTS.join(', ')})`;

/**
 * Relevance on both engines. Scoring reads every match of each text condition (FTS5's bm25 weighs a condition by
 * scanning all of its matches in the whole index; PostgreSQL's ts_rank reads the stored tsvector of every matching
 * row, most of them TOASTed), so: a score over all matches when each positive text condition matches at most
 * BM25_FULL_MAX patents; else title matches first, then the rest, each newest first (a broad term tells little by
 * its score anyway). The same rule on every path, so both engines order a result alike.
 */
export const BM25_FULL_MAX = 5000;

export const DEFAULT_PAGE_SIZE = 20;
export const FACET_APPLICANTS = 20;
const SNIPPET_LENGTH = 200;

// ─── the query ──────────────────────────────────────────────────────────────────────────────────────────────

/** The top-bar keywords (`val`): see parseKeywordBox (search/keywords.ts). */
export function keywordsAst(val: string): Node | null {
  return parseKeywordBox(val);
}

export interface QueryInput {
  expression?: string;
  val?: string;
  /** Espacenet style (/v1/di/expression). */
  query?: string;
}

/** The tree of a request: `expression`, else `query` (Espacenet), else `val`. Throws ExpressionError. */
export function queryAst(input: QueryInput): Node {
  if (input.expression !== undefined && input.expression.trim() !== '') return parseExpression(input.expression);
  if (input.query !== undefined && input.query.trim() !== '') return parseEspacenet(input.query);
  if (input.val !== undefined && input.val.trim() !== '') {
    const ast = keywordsAst(input.val);
    if (ast) return ast;
    throw new ExpressionError('检索词不含可检索的文字或数字', 1);
  }
  throw new ExpressionError('请输入检索式', 1);
}

// ─── matching sets ──────────────────────────────────────────────────────────────────────────────────────────

export type Engine = 'auto' | 'sql';

/** How a page by relevance is ordered (see BM25_FULL_MAX). */
type RelevancePlan = 'score' | 'title' | 'date';

/**
 * The plan for a relevance page from how many patents each positive text condition matches (`leafCounts`, each
 * counted no further than rankMax + 1) and whether the tree has a title condition.
 */
function relevancePlan(leafCounts: readonly number[], hasTitle: boolean, rankMax: number): RelevancePlan {
  if (leafCounts.length && leafCounts.every((n) => n <= rankMax)) return 'score';
  return hasTitle ? 'title' : 'date';
}

interface Matches {
  total(): Promise<number>;
  facets(applicantLimit: number): Promise<FacetCounts>;
  /** Ids of one page in sort order. */
  page(sort: SearchSort, offset: number, limit: number): Promise<number[]>;
  /**
   * PostgreSQL: the calls may run at the same time (each statement takes a connection of its own from the pool),
   * and facets() also settles total() (both come from one statement).
   */
  concurrent?: boolean;
}

function storeOf(deps: Deps, engine: Engine): SqliteStore | null {
  const raw = deps.db.sqlite;
  if (deps.db.dialect !== 'sqlite' || !raw || engine === 'sql' || raw.inTransaction) return null;
  const store = readyStore(raw);
  return store && !store.unusable ? store : null;
}

/** A term condition as ftsTerm writes it (`ti : "…"`, `{ti ab cl} : "…"*`): one FTS5 phrase with its columns. */
const FTS_TERM = /(?:\{[a-z ]+\}|[a-z]+) : "(?:[^"]|"")*"\*?/g;
const FTS_PHRASE = /"(?:[^"]|"")*"/g;

/**
 * How many patents each phrase of the rank query `rq` matches, in the order the phrases appear in it (ip_bm25's
 * counts, ADR 0072), from the counts of the positive text conditions (`leafQueries`, `leafCounts`). A negated
 * phrase gets 0: it has no instance in any row the query matches, so its term adds exactly 0 whatever its count.
 * Null when a phrase is not a plain term with a known count (NEAR), and the page scores with bm25() itself.
 */
export function phraseHits(
  ast: Node,
  rq: string,
  leafQueries: readonly string[],
  leafCounts: readonly number[],
): number[] | null {
  const terms = rq.match(FTS_TERM) ?? [];
  if (!terms.length || terms.length !== (rq.match(FTS_PHRASE) ?? []).length) return null;
  const negated = new Set(textLeaves(ast, true).map((n) => (n.type === 'term' ? ftsTerm(n) : null)));
  const hits: number[] = [];
  for (const t of terms) {
    const i = leafQueries.indexOf(t);
    if (i >= 0) hits.push(leafCounts[i]);
    else if (negated.has(t)) hits.push(0);
    else return null;
  }
  return hits;
}

/**
 * A relevance page of plan 'title' (title matches first, then the rest, each newest first) from the first candidates
 * of the result in date order (`firstByDate`, `n` in all) checked against the title (`titleAmong`): 4 × the page
 * first, then 4 × as many (only the new ones are checked), up to `probeMax`. The first title matches of a
 * date-ordered prefix are the first title matches of the whole result, so the page is exact. Null when the first
 * `probeMax` do not settle it: the caller then takes the title set whole. With `early`, null as soon as the title
 * share of the candidates checked so far says that `probeMax` will likely not be enough (a token in few of the
 * result's titles: the probes would cost their seeks and the set anyway).
 */
async function titleFirstPage(
  n: number,
  want: number,
  offset: number,
  probeMax: number,
  firstByDate: (k: number) => number[],
  titleAmong: (ids: number[]) => Set<number> | Promise<Set<number>>,
  early = false,
): Promise<number[] | null> {
  const titled: number[] = [];
  const rest: number[] = [];
  for (let probe = Math.max(want * 4, 64); ; probe *= 4) {
    const first = firstByDate(Math.min(probe, probeMax));
    const fresh = first.slice(titled.length + rest.length);
    const inTitle = await titleAmong(fresh);
    for (const id of fresh) (inTitle.has(id) ? titled : rest).push(id);
    if (titled.length >= want) return titled.slice(offset, want);
    if (first.length >= n) return titled.concat(rest).slice(offset, want);
    if (probe >= probeMax) return null;
    // At the share seen so far (one added to both counts, so that none yet is not read as none at all), the page
    // needs about this many candidates.
    const needed = first.length + ((want - titled.length) * (first.length + 1)) / (titled.length + 1);
    if (early && needed > probeMax) return null;
  }
}

/**
 * How many token seeks a SQLite relevance page spends checking candidates against the title by id before it takes
 * the title set whole (2–20 ms at 1,000,000 patents): each candidate costs a seek in every token of the title
 * condition, 10–60 µs each (a 4-character term is 3 tokens: 512 candidates took 20 ms, the set whole 7 ms; ADR 0074).
 */
const SQLITE_TITLE_PROBE_SEEKS = 512;

/** How many tokens the phrases of an FTS5 query hold (`ti : "一体 体化 化车"` has 3). */
function ftsTokenCount(q: string): number {
  let n = 0;
  for (const p of q.match(FTS_PHRASE) ?? []) n += p.slice(1, -1).split(' ').filter(Boolean).length;
  return Math.max(1, n);
}

function storeMatches(store: SqliteStore, ast: Node, filters: SearchFilters | undefined, rankMax: number): Matches {
  const key = `${toExpression(ast)}\u0000${hasFilters(filters) ? JSON.stringify(filters) : ''}`;
  const result = store.result(key, () => {
    const all = store.evaluate(ast);
    return hasFilters(filters) ? store.applyFilters(all, filters!) : all;
  });
  const set = result.set;
  let count: number | null = null;
  return {
    async total() {
      return (count ??= set.count());
    },
    async facets(limit) {
      return result.facets(limit);
    },
    async page(sort, offset, limit) {
      const want = offset + limit;
      const dateSort = sort === 'relevance' ? 'date_desc' : sort;
      const rq = sort === 'relevance' ? rankFtsQuery(ast) : null;
      if (!rq) return store.firstByDate(set, dateSort, want).slice(offset);
      let scoreQuery: string | null = null;
      let tier: Bitset | null = null;
      const tq = titleFtsQuery(ast);
      const leafQueries = positiveLeafQueries(ast);
      const counts = leafQueries.map((q) => store.ftsCountUpTo(q, rankMax + 1));
      const plan = relevancePlan(counts, tq !== null, rankMax);
      if (plan === 'score') scoreQuery = rq;
      else if (plan === 'title') {
        // patents_ti by id: a few entries of a frequent title token's list instead of all of it (一种 is in nearly
        // every title); past SQLITE_TITLE_PROBE_SEEKS, or when the first candidates say it will get there, the title
        // set is taken whole (a few milliseconds; PostgreSQL's GIN fetch of it costs more, so it probes on).
        const page = await titleFirstPage(
          set.count(),
          want,
          offset,
          Math.floor(SQLITE_TITLE_PROBE_SEEKS / ftsTokenCount(tq!)),
          (k) => store.firstByDate(set, dateSort, k),
          (ids) => store.titleAmong(ids, tq!),
          true,
        );
        if (page) return page;
        tier = store.ftsSet(tq!).and(set);
      }
      let head: number[] = [];
      let rest = set;
      if (scoreQuery) {
        const score = new Map<number, number>();
        const hits = phraseHits(ast, scoreQuery, leafQueries, counts);
        for (const [id, s] of store.rankRows(scoreQuery, BM25_WEIGHTS, hits)) if (set.has(id)) score.set(id, s);
        const byDate = dateComparator(store.dateKey(dateSort), -1);
        head = topK([...score.keys()], want, (a, b) => score.get(a)! - score.get(b)! || byDate(a, b));
        if (head.length < want) rest = set.clone().andNot(Bitset.fromIds(set.size, score.keys()));
      } else if (tier) {
        head = store.firstByDate(tier, dateSort, want);
        if (head.length < want) rest = set.clone().andNot(tier);
      }
      if (head.length >= want) return head.slice(offset);
      return head.concat(store.firstByDate(rest, dateSort, want - head.length)).slice(offset);
    },
  };
}

async function pgStoreOf(deps: Deps, engine: Engine): Promise<PgStore | null> {
  const pool = deps.db.pool;
  if (deps.db.dialect !== 'postgres' || !pool || engine === 'sql' || deps.db.db.isTransaction) return null;
  const store = await readyPgStore(deps.db.db, pool);
  return store && !store.unusable ? store : null;
}

/** A relevance page by score reads at most this many scores from PostgreSQL; a larger result takes the SQL page. */
const SCORE_IDS_MAX = 50000;
/** A title tier is found among the first candidates in date order, up to this many, before it is fetched whole. */
const TITLE_PROBE_MAX = 5000;

/**
 * PostgreSQL with the in-memory columns (pg-store.ts): the same answers as pgMatches, ordered by the same rules; the
 * set, total and facets come from memory, a page by relevance asks PostgreSQL only for scores or title matches of
 * the few patents it needs.
 */
async function pgStoreMatches(
  deps: Deps,
  store: PgStore,
  ast: Node,
  filters: SearchFilters | undefined,
  rankMax: number,
): Promise<Matches> {
  const key = `${toExpression(ast)}\u0000${hasFilters(filters) ? JSON.stringify(filters) : ''}`;
  // result() computes synchronously: the set is evaluated first unless it is kept (no await between the two).
  let computed: Bitset | null = null;
  if (!store.hasResult(key)) {
    computed = await store.evaluate(ast);
    if (hasFilters(filters)) computed = store.applyFilters(computed, filters!);
  }
  const { set, facets } = store.result(key, () => computed!);
  return {
    async total() {
      return set.count();
    },
    async facets(limit) {
      return facets(limit);
    },
    async page(sort, offset, limit) {
      const want = offset + limit;
      const dateSort = sort === 'relevance' ? 'date_desc' : sort;
      const rank = sort === 'relevance' ? pgRankExpression(ast) : null;
      if (!rank) return store.firstByDate(set, dateSort, want).slice(offset);
      const title = pgTitleCondition(ast);
      const leaves = positiveTextLeaves(ast);
      const counts = await Promise.all(leaves.map(async (l) => (await store.leafSet(l)).count()));
      const plan = relevancePlan(counts, title !== null, rankMax);
      const n = set.count();
      if (plan === 'score') {
        if (n > SCORE_IDS_MAX) {
          const resolved: ResolvedLeaves = new Map();
          for (const l of leaves) resolved.set(l, Array.from((await store.leafSet(l)).toArray()));
          return sqlPage(deps, ast, resolved, filters, rankMax, sort, offset, limit);
        }
        const ids = Array.from(set.toArray());
        const score = new Map<number, number>();
        // With Groonga (ADR 0086), its weighted match counts: ts_rank reads each patent's tsvectors back (TOAST),
        // about 2 s for 5,000 patents at a million.
        const byGroonga = await groongaOf(deps.db.pool!)?.scores(leaves);
        if (byGroonga) {
          for (const id of ids) score.set(id, byGroonga.get(id) ?? 0);
        } else {
          const r = await sql<{
            id: number;
            r: number | string | null;
          }>`SELECT s.patent_id AS id, ${rank} AS r FROM patent_search s WHERE s.patent_id = ANY(CAST(${ids} AS integer[]))`.execute(
            deps.db.db,
          );
          for (const row of r.rows) if (row.r !== null) score.set(Number(row.id), Number(row.r));
        }
        const byDate = dateComparator(store.dateKey(dateSort), -1);
        const scored = topK([...score.keys()], want, (a, b) => score.get(b)! - score.get(a)! || byDate(a, b));
        if (scored.length >= want) return scored.slice(offset);
        const rest = set.clone().andNot(Bitset.fromIds(set.size, score.keys()));
        return scored.concat(store.firstByDate(rest, dateSort, want - scored.length)).slice(offset);
      }
      if (plan === 'title') {
        // A broad result has its title tier among the first few (most of its matches are title matches), a narrow
        // one is checked whole.
        // With Groonga answering the title conditions (ADR 0086), the title set costs tens of milliseconds, and each
        // probe reads its candidates' rows from a table of gigabytes (1,280 of them 293 ms from a cold cache at a
        // million patents): two probes at most, the second only when the first says it will settle the page. A set
        // from Groonga costs with its size (every id sent and read), so a title token frequent in the result is still
        // probed (结构 with a facet filter: 207 ms p95 with one probe, against 81 with probes).
        const tl = titleLeaves(ast).map((x) => x.leaf);
        const byGroonga = groongaOf(deps.db.pool!)?.answersTitle(tl) ?? false;
        const page = await titleFirstPage(
          n,
          want,
          offset,
          byGroonga ? Math.max(want * 4, 64) * 4 : TITLE_PROBE_MAX,
          (k) => store.firstByDate(set, dateSort, k),
          (ids) => store.titleAmong(ids, title!),
          byGroonga,
        );
        if (page) return page;
        const tier = (await store.titleSet(String(toExpression(ast)), title!, tl)).clone().and(set);
        const head = store.firstByDate(tier, dateSort, want);
        if (head.length >= want) return head.slice(offset);
        return head.concat(store.firstByDate(set.clone().andNot(tier), dateSort, want - head.length)).slice(offset);
      }
      return store.firstByDate(set, dateSort, want).slice(offset);
    },
  };
}

/** One page through SQL (pgMatches) with the text conditions' ids already known. */
async function sqlPage(
  deps: Deps,
  ast: Node,
  resolved: ResolvedLeaves,
  filters: SearchFilters | undefined,
  rankMax: number,
  sort: SearchSort,
  offset: number,
  limit: number,
): Promise<number[]> {
  const compiled = compilePg(ast, resolved);
  const where = hasFilters(filters) ? sql`(${compiled}) AND ${filtersSql(filters!, 'postgres')}` : compiled;
  return pgMatches(deps, ast, where, resolved, rankMax).page(sort, offset, limit);
}

function dateOrder(sort: SearchSort): Fragment {
  const col = sql.ref(sort === 'ad_desc' || sort === 'ad_asc' ? 'p.ad' : 'p.pd');
  const dir = sort.endsWith('_asc') ? sql`ASC` : sql`DESC`;
  return sql`(CASE WHEN ${col} IS NULL OR ${col} = '' THEN 1 ELSE 0 END), ${col} ${dir}, p.id ${dir}`;
}

/** PostgreSQL: each text condition evaluated once, on its own (see compilePg). */
async function resolveTextLeaves(deps: Deps, ast: Node): Promise<ResolvedLeaves> {
  const leaves: (TermNode | NearNode)[] = [];
  const walk = (n: Node) => {
    if (n.type === 'and' || n.type === 'or') n.children.forEach(walk);
    else if (n.type === 'not') walk(n.child);
    else if (n.type === 'term' || n.type === 'near') leaves.push(n);
  };
  walk(ast);
  const resolved: ResolvedLeaves = new Map();
  await Promise.all(
    leaves.map(async (leaf) => {
      const q = textLeafIds(leaf);
      if (!q) return resolved.set(leaf, []);
      const k = deps.db.db;
      const ids = sql<{ patent_id: number }>`${q}`;
      // No sequential scan, and an exact bitmap however common the term (textStatementSettings).
      const r = k.isTransaction
        ? await ids.execute(k)
        : await k.transaction().execute(async (trx) => {
            await textStatementSettings(trx);
            return ids.execute(trx);
          });
      resolved.set(
        leaf,
        r.rows.map((row) => Number(row.patent_id)),
      );
    }),
  );
  return resolved;
}

async function sqlMatches(deps: Deps, ast: Node, filters: SearchFilters | undefined, rankMax: number): Promise<Matches> {
  const dialect = deps.db.dialect;
  const k = deps.db.db;
  const resolved = dialect === 'postgres' ? await resolveTextLeaves(deps, ast) : undefined;
  const compiled = dialect === 'sqlite' ? compileSqlite(ast) : compilePg(ast, resolved);
  const where = hasFilters(filters) ? sql`(${compiled}) AND ${filtersSql(filters!, dialect)}` : compiled;
  if (dialect === 'postgres') return pgMatches(deps, ast, where, resolved!, rankMax);
  const ids = sql`SELECT p.id FROM patents p WHERE ${where}`;
  const group = async (expr: Fragment): Promise<Map<string, number>> => {
    const r = await sql<{
      v: string | number | null;
      n: number;
    }>`SELECT ${expr} AS v, count(*) AS n FROM patents p WHERE ${where} GROUP BY ${expr}`.execute(k);
    const m = new Map<string, number>();
    for (const row of r.rows) {
      const v = row.v === null ? '' : String(row.v);
      m.set(v, (m.get(v) ?? 0) + Number(row.n));
    }
    return m;
  };
  return {
    async total() {
      const r = await sql<{ n: number }>`SELECT count(*) AS n FROM patents p WHERE ${where}`.execute(k);
      return Number(r.rows[0].n);
    },
    async facets(limit) {
      const apps = await sql<{
        v: string;
        n: number;
      }>`SELECT pa.name AS v, count(*) AS n FROM patent_applicants pa WHERE pa.patent_id IN (${ids}) GROUP BY pa.name ORDER BY count(*) DESC, pa.name LIMIT ${limit}`.execute(
        k,
      );
      const none = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM patents p WHERE ${where} AND NOT EXISTS (SELECT 1 FROM patent_applicants pa WHERE pa.patent_id = p.id)`.execute(
        k,
      );
      return {
        type: await group(sql`p.type`),
        legal_status: await group(sql`p.legal_status`),
        app_year: await group(sql`p.app_year`),
        ipc_section: await group(sql`substr(p.ipc_main, 1, 1)`),
        ipc_class: await group(sql`(CASE WHEN length(p.ipc_main) >= 3 THEN substr(p.ipc_main, 1, 3) ELSE '' END)`),
        applicant: apps.rows.map((r) => ({ value: r.v, count: Number(r.n) })),
        no_applicant: Number(none.rows[0].n),
      };
    },
    async page(sort, offset, limit) {
      let q: Fragment;
      const rq = sort === 'relevance' ? rankFtsQuery(ast) : null;
      const tq = titleFtsQuery(ast);
      let plan: RelevancePlan = 'date';
      if (rq) {
        const counts: number[] = [];
        for (const leaf of positiveLeafQueries(ast)) {
          const r = await sql<{
            n: number;
          }>`SELECT count(*) AS n FROM (SELECT rowid FROM patents_fts WHERE patents_fts MATCH ${leaf} LIMIT ${rankMax + 1})`.execute(
            k,
          );
          counts.push(Number(r.rows[0].n));
        }
        plan = relevancePlan(counts, tq !== null, rankMax);
      }
      if (plan === 'score') {
        // MATERIALIZED: otherwise SQLite runs the FTS5 query again for every joined row.
        q = sql`WITH r AS MATERIALIZED (SELECT rowid AS rid, ${sql.raw(BM25)} AS score FROM patents_fts WHERE patents_fts MATCH ${rq}) SELECT p.id FROM patents p LEFT JOIN r ON r.rid = p.id WHERE ${where} ORDER BY (CASE WHEN r.score IS NULL THEN 1 ELSE 0 END), r.score, ${dateOrder('date_desc')} LIMIT ${limit} OFFSET ${offset}`;
      } else if (plan === 'title') {
        q = sql`SELECT p.id FROM patents p WHERE ${where} ORDER BY (CASE WHEN p.id IN (SELECT rowid FROM patents_fts WHERE patents_fts MATCH ${tq}) THEN 0 ELSE 1 END), ${dateOrder('date_desc')} LIMIT ${limit} OFFSET ${offset}`;
      } else {
        q = sql`SELECT p.id FROM patents p WHERE ${where} ORDER BY ${dateOrder(sort === 'relevance' ? 'date_desc' : sort)} LIMIT ${limit} OFFSET ${offset}`;
      }
      const r = await sql<{ id: number }>`${q}`.execute(k);
      return r.rows.map((row) => Number(row.id));
    },
  };
}

/**
 * PostgreSQL: the count and every facet from ONE statement that evaluates the WHERE once (a materialised CTE of
 * the matching rows' facet columns) instead of once per COUNT/GROUP BY; total() alone is a plain COUNT, unless
 * facets() has already answered it.
 */
function pgMatches(deps: Deps, ast: Node, where: Fragment, resolved: ResolvedLeaves, rankMax: number): Matches {
  const k = deps.db.db;
  let total: Promise<number> | null = null;
  return {
    concurrent: true,
    total() {
      return (total ??= sql<{ n: number }>`SELECT count(*) AS n FROM patents p WHERE ${where}`
        .execute(k)
        .then((r) => Number(r.rows[0].n)));
    },
    async facets(limit) {
      const ipcClassExpr = sql`(CASE WHEN length(m.ipc_main) >= 3 THEN substr(m.ipc_main, 1, 3) ELSE '' END)`;
      // f: 0 total, 1 type, 2 legal status, 3 year, 4 IPC section, 5 IPC class, 6 top applicants, 7 no applicant.
      const r = await sql<{
        f: number;
        v: string | null;
        n: number;
      }>`WITH m AS MATERIALIZED (SELECT p.id, p.type, p.legal_status, p.app_year, p.ipc_main FROM patents p WHERE ${where})
SELECT 0 AS f, CAST(NULL AS text) AS v, count(*) AS n FROM m
UNION ALL SELECT 1, m.type, count(*) FROM m GROUP BY m.type
UNION ALL SELECT 2, m.legal_status, count(*) FROM m GROUP BY m.legal_status
UNION ALL SELECT 3, CAST(m.app_year AS text), count(*) FROM m GROUP BY m.app_year
UNION ALL SELECT 4, substr(m.ipc_main, 1, 1), count(*) FROM m GROUP BY substr(m.ipc_main, 1, 1)
UNION ALL SELECT 5, ${ipcClassExpr}, count(*) FROM m GROUP BY ${ipcClassExpr}
UNION ALL (SELECT 6, pa.name, count(*) FROM patent_applicants pa WHERE pa.patent_id IN (SELECT m.id FROM m) GROUP BY pa.name ORDER BY count(*) DESC, pa.name COLLATE "C" LIMIT ${limit})
UNION ALL SELECT 7, NULL, count(*) FROM m WHERE NOT EXISTS (SELECT 1 FROM patent_applicants pa WHERE pa.patent_id = m.id)`.execute(
        k,
      );
      const maps = Array.from({ length: 6 }, () => new Map<string, number>());
      const applicant: FacetBucket[] = [];
      let n = 0;
      let none = 0;
      for (const row of r.rows) {
        const f = Number(row.f);
        const count = Number(row.n);
        if (f === 0) n = count;
        else if (f === 6) applicant.push({ value: String(row.v), count });
        else if (f === 7) none = count;
        else {
          const v = row.v === null ? '' : String(row.v);
          maps[f].set(v, (maps[f].get(v) ?? 0) + count);
        }
      }
      total ??= Promise.resolve(n);
      return {
        type: maps[1],
        legal_status: maps[2],
        app_year: maps[3],
        ipc_section: maps[4],
        ipc_class: maps[5],
        // UNION ALL keeps no order: the statement's own (count desc, then name in code point order).
        applicant: applicant.sort(byCountThenValue),
        no_applicant: none,
      };
    },
    async page(sort, offset, limit) {
      const rank = sort === 'relevance' ? pgRankExpression(ast) : null;
      const title = pgTitleCondition(ast);
      // Each text condition's ids are already known (resolveTextLeaves): no counting needed.
      const plan = rank
        ? relevancePlan(
            positiveTextLeaves(ast).map((leaf) => resolved.get(leaf)?.length ?? 0),
            title !== null,
            rankMax,
          )
        : 'date';
      const q =
        plan === 'score'
          ? sql`SELECT p.id FROM patents p LEFT JOIN patent_search s ON s.patent_id = p.id WHERE ${where} ORDER BY ${rank} DESC NULLS LAST, ${dateOrder('date_desc')} LIMIT ${limit} OFFSET ${offset}`
          : plan === 'title'
            ? // A join, not `p.id IN (title matches)` in the ORDER BY: that subplan is hashed only while the title
              // matches fit in work_mem, else it scans them once per row (minutes for a broad term at 1M: ADR 0067).
              sql`SELECT p.id FROM patents p LEFT JOIN (SELECT s.patent_id FROM patent_search s WHERE ${title}) t ON t.patent_id = p.id WHERE ${where} ORDER BY (CASE WHEN t.patent_id IS NULL THEN 1 ELSE 0 END), ${dateOrder('date_desc')} LIMIT ${limit} OFFSET ${offset}`
            : sql`SELECT p.id FROM patents p WHERE ${where} ORDER BY ${dateOrder(sort === 'relevance' ? 'date_desc' : sort)} LIMIT ${limit} OFFSET ${offset}`;
      const r = await sql<{ id: number }>`${q}`.execute(k);
      return r.rows.map((row) => Number(row.id));
    },
  };
}

// ─── facet filters ──────────────────────────────────────────────────────────────────────────────────────────

const IPC_SECTION = /^[A-H]$/;
const IPC_CLASS = /^[A-H]\d\d$/;
const YEAR_MIN = 1800;
const YEAR_MAX = 2200;

/**
 * The facet filters checked and in canonical form (issue 11 item 7: a value no patent can have used to narrow the
 * result to nothing, or be ignored, without a word). Spellings are normalised like the expression's (full width,
 * case: `h` → `H`, `ｈ０１` → `H01`; 发明专利 → 发明, 有效 → 有权); anything else is a 400 with a Chinese message
 * naming the filter and the value. Applicant names are taken as written (whitespace collapsed): they are exact
 * names from the facet list. Unknown filter names are refused by the request schema (contract SearchFilters).
 */
export function checkFilters(filters: SearchFilters | undefined): SearchFilters | undefined {
  if (!filters) return undefined;
  const out: SearchFilters = {};
  const canon = (name: string, values: readonly string[] | undefined, fn: (v: string) => string | undefined) => {
    if (!values) return undefined;
    return values.map((raw) => {
      const v = fn(normalise(String(raw)));
      if (v === undefined) throw badRequest(`${name}筛选值“${String(raw).slice(0, 40)}”无效`);
      return v;
    });
  };
  const type = canon('专利类型', filters.type, (v) => enumValue('TYPE', v));
  if (type) out.type = type;
  const ls = canon('法律状态', filters.legal_status, (v) => enumValue('LS', v));
  if (ls) out.legal_status = ls;
  const section = canon('IPC 部', filters.ipc_section, (v) => {
    const u = v.replace(/\s+/g, '').toUpperCase();
    return IPC_SECTION.test(u) ? u : undefined;
  });
  if (section) out.ipc_section = section;
  const cls = canon('IPC 大类', filters.ipc_class, (v) => {
    const u = v.replace(/\s+/g, '').toUpperCase();
    return IPC_CLASS.test(u) ? u : undefined;
  });
  if (cls) out.ipc_class = cls;
  if (filters.applicant) out.applicant = filters.applicant.map((a) => String(a).replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (filters.app_year) {
    for (const y of filters.app_year) {
      if (!Number.isInteger(y) || y < YEAR_MIN || y > YEAR_MAX) throw badRequest(`申请年筛选值“${String(y).slice(0, 20)}”无效`);
    }
    out.app_year = filters.app_year;
  }
  return out;
}

async function matches(
  deps: Deps,
  ast: Node,
  rawFilters: SearchFilters | undefined,
  engine: Engine,
  rankMax = BM25_FULL_MAX,
): Promise<Matches> {
  const filters = checkFilters(rawFilters);
  const store = storeOf(deps, engine);
  if (store) return storeMatches(store, ast, filters, rankMax);
  const pgStore = await pgStoreOf(deps, engine);
  if (pgStore) return pgStoreMatches(deps, pgStore, ast, filters, rankMax);
  return sqlMatches(deps, ast, filters, rankMax);
}

// ─── search ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface SearchRequest {
  ast: Node;
  sort?: SearchSort;
  page?: number;
  page_size?: number;
  facets?: boolean;
  filters?: SearchFilters;
  /** 'sql' forces the SQL path on SQLite (tests compare the two). */
  engine?: Engine;
  /** The largest text condition still ordered by score (BM25_FULL_MAX; tests lower it). */
  rankMax?: number;
}

export function formatFacets(f: FacetCounts): SearchFacets {
  return {
    type: buckets(f.type),
    app_year: buckets(f.app_year, { byValue: true }).reverse(),
    ipc_section: buckets(f.ipc_section),
    ipc_class: buckets(f.ipc_class),
    applicant: f.applicant,
    legal_status: buckets(f.legal_status),
  };
}

interface HitRow {
  id: number;
  an: string | null;
  pn: string | null;
  title: string;
  abstract: string;
  type: string;
  ad: string | null;
  pd: string | null;
  gd: string | null;
  applicants: string;
  ipc_main: string;
  legal_status: string;
}

function parseList(s: string): string[] {
  try {
    const v = JSON.parse(s) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

async function hits(deps: Deps, ast: Node, ids: number[]): Promise<SearchHit[]> {
  if (ids.length === 0) return [];
  const rows = (await deps.db.db
    .selectFrom('patents')
    .select(['id', 'an', 'pn', 'title', 'abstract', 'type', 'ad', 'pd', 'gd', 'applicants', 'ipc_main', 'legal_status'])
    .where('id', 'in', ids)
    .execute()) as HitRow[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const ti = highlightTerms(ast, 'TI');
  const ab = highlightTerms(ast, 'AB');
  const out: SearchHit[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    out.push({
      id,
      an: r.an,
      pn: r.pn,
      title: highlight(r.title, ti),
      abstract: snippet(r.abstract, ab, SNIPPET_LENGTH),
      type: r.type,
      ad: r.ad,
      pd: r.pd,
      gd: r.gd,
      applicants: parseList(r.applicants),
      ipc_main: r.ipc_main,
      legal_status: r.legal_status,
    });
  }
  return out;
}

/** One window of a search as the engines answer it (SearchEngine.resolve, search/engine/search-engine.ts). */
export interface ResolveRequest {
  ast: Node;
  filters?: SearchFilters;
  sort: SearchSort;
  offset: number;
  limit: number;
  facets: boolean;
  applicantLimit?: number;
  engine?: Engine;
  rankMax?: number;
}

/**
 * The exact total, the facets when asked, and the ids of one window in sort order: search() without the hits. The
 * built-in engines' `resolve` (search-engines.ts).
 */
export async function resolveSearch(
  deps: Deps,
  req: ResolveRequest,
): Promise<{ total: number; ids: number[]; facets?: FacetCounts }> {
  const { offset, limit: pageSize, sort } = req;
  const applicantLimit = req.applicantLimit ?? FACET_APPLICANTS;
  const m = await matches(deps, req.ast, req.filters, req.engine ?? 'auto', req.rankMax);
  let total: number;
  let ids: number[];
  let counts: FacetCounts | undefined;
  // Issue 11 item 7: a page past the end is an empty page with the total, whatever its number; only a page that
  // would show rows beyond the 10,000-row window of a large result is refused (the total decides, so it comes first).
  const deep = offset + pageSize > SEARCH_DEPTH_MAX;
  if (deep) {
    total = await m.total();
    if (offset < total && Math.min(offset + pageSize, total) > SEARCH_DEPTH_MAX) {
      throw badRequest(
        `共 ${total} 条结果，最多只能翻看前 ${SEARCH_DEPTH_MAX} 条（第 ${Math.floor(SEARCH_DEPTH_MAX / pageSize)} 页以内），请增加检索条件缩小范围`,
      );
    }
    ids = offset < total ? await m.page(sort, offset, pageSize) : [];
    counts = req.facets ? await m.facets(applicantLimit) : undefined;
  } else if (m.concurrent) {
    // The page beside the count (a page past the end is simply empty); facets answer the count too.
    const [t, p, f] = await Promise.all([
      req.facets ? null : m.total(),
      m.page(sort, offset, pageSize),
      req.facets ? m.facets(applicantLimit) : undefined,
    ]);
    counts = f;
    total = t ?? (await m.total());
    ids = p;
  } else {
    total = await m.total();
    ids = offset < total ? await m.page(sort, offset, pageSize) : [];
    counts = req.facets ? await m.facets(applicantLimit) : undefined;
  }
  return { total, ids, ...(counts ? { facets: counts } : {}) };
}

export async function search(deps: Deps, req: SearchRequest): Promise<SearchReply> {
  const t0 = performance.now();
  const page = req.page ?? 1;
  const pageSize = req.page_size ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  const {
    total,
    ids,
    facets: counts,
  } = await resolveSearch(deps, {
    ast: req.ast,
    filters: req.filters,
    sort: req.sort ?? 'relevance',
    offset,
    limit: pageSize,
    facets: !!req.facets,
    engine: req.engine,
    rankMax: req.rankMax,
  });
  const facets = counts ? formatFacets(counts) : undefined;
  const list = await hits(deps, req.ast, ids);
  return {
    total,
    page,
    page_size: pageSize,
    list,
    ...(facets ? { facets } : {}),
    took_ms: Math.round((performance.now() - t0) * 10) / 10,
    expression: toExpression(req.ast),
  };
}

/** Ids of the whole result (up to `limit`) in sort order, e.g. for an export job. */
export async function searchIds(
  deps: Deps,
  ast: Node,
  opts: { filters?: SearchFilters; sort?: SearchSort; limit: number; engine?: Engine },
): Promise<{ total: number; ids: number[] }> {
  const m = await matches(deps, ast, opts.filters, opts.engine ?? 'auto');
  const total = await m.total();
  return { total, ids: total ? await m.page(opts.sort ?? 'date_desc', 0, Math.min(total, opts.limit)) : [] };
}

// ─── statistics ─────────────────────────────────────────────────────────────────────────────────────────────

export const UNKNOWN = '未知';

export type TrendKind = 'law' | 'patent' | 'company' | 'times';

/**
 * Distributions over the WHOLE result set. law: legal status; patent: type, IPC section and class (main IPC);
 * times: application year (ascending); company: top applicants (a patent counts for each of its applicants).
 * Every distribution except company has an 未知 bucket when needed, so it sums to the total.
 */
export async function trends(
  deps: Deps,
  ast: Node,
  kind: TrendKind,
  opts: { filters?: SearchFilters; limit?: number; engine?: Engine } = {},
): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  const m = await matches(deps, ast, opts.filters, opts.engine ?? 'auto');
  // PostgreSQL: the facets statement also counts the total.
  const f = await m.facets(opts.limit ?? FACET_APPLICANTS);
  const total = await m.total();
  const base = { total, expression: toExpression(ast) };
  const unk = { keepUnknown: UNKNOWN };
  let data: Record<string, unknown>;
  switch (kind) {
    case 'law':
      data = { legal_status: buckets(f.legal_status, unk) };
      break;
    case 'patent':
      data = { type: buckets(f.type, unk), ipc_section: buckets(f.ipc_section, unk), ipc_class: buckets(f.ipc_class, unk) };
      break;
    case 'times': {
      const known = buckets(f.app_year, { byValue: true });
      const unknown = f.app_year.get('') ?? 0;
      data = { app_year: unknown ? [...known, { value: UNKNOWN, count: unknown }] : known };
      break;
    }
    case 'company':
      data = { applicant: f.applicant, no_applicant: f.no_applicant };
      break;
  }
  return { ...base, ...data, took_ms: Math.round((performance.now() - t0) * 10) / 10 };
}

// ─── recent searches ────────────────────────────────────────────────────────────────────────────────────────

export const HISTORY_KEEP = 20;

/** Remembers a logged-in user's search (the same expression again only moves it to the top). */
export async function rememberSearch(deps: Deps, userId: number, expression: string, total: number): Promise<void> {
  const now = deps.clock().toISOString();
  // One transaction, retried while another process (`npm run import`) holds the SQLite write lock (ADR 0015).
  await writeTransaction(deps.db, { log: deps.log, what: 'search history' }, (k) =>
    rememberIn(k, userId, expression, total, now),
  );
}

async function rememberIn(k: Transaction<Database>, userId: number, expression: string, total: number, now: string) {
  await k.deleteFrom('search_history').where('user_id', '=', userId).where('expression', '=', expression).execute();
  await k.insertInto('search_history').values({ user_id: userId, expression, total, created_at: now }).execute();
  const old = await k
    .selectFrom('search_history')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(HISTORY_KEEP)
    .limit(1000)
    .execute();
  if (old.length) {
    await k
      .deleteFrom('search_history')
      .where(
        'id',
        'in',
        old.map((o) => o.id),
      )
      .execute();
  }
}

export async function recentSearches(deps: Deps, userId: number) {
  const rows = await deps.db.db
    .selectFrom('search_history')
    .select(['expression', 'total', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(HISTORY_KEEP)
    .execute();
  return rows.map((r) => ({ expression: r.expression, total: Number(r.total), created_at: r.created_at }));
}

export { compareCodePoints };

// ─── monitoring ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Which of `ids` (patents just imported or changed) match an expression: the same engines as search (the in-memory
 * index on SQLite, else the compiled WHERE), asked only about those ids, so a monitoring run never walks the whole
 * table per rule (ADR 0029).
 */
export async function matchingAmong(deps: Deps, ast: Node, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const store = storeOf(deps, 'auto');
  if (store) {
    const set = store.result(`${toExpression(ast)}\u0000`, () => store.evaluate(ast)).set;
    return ids.filter((id) => set.has(id));
  }
  const pgStore = await pgStoreOf(deps, 'auto');
  if (pgStore) {
    const set = await pgStore.evaluate(ast);
    return ids.filter((id) => set.has(id));
  }
  const dialect = deps.db.dialect;
  const resolved = dialect === 'postgres' ? await resolveTextLeaves(deps, ast) : undefined;
  const where = dialect === 'sqlite' ? compileSqlite(ast) : compilePg(ast, resolved);
  const out: number[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const r = await sql<{ id: number }>`SELECT p.id FROM patents p WHERE p.id IN (${sql.join(chunk)}) AND (${where})`.execute(
      deps.db.db,
    );
    for (const row of r.rows) out.push(Number(row.id));
  }
  return out;
}
