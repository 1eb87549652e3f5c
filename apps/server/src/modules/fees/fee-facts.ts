// The facts the fee engine works on, read from the database (ADR 0025): a company's own portfolio patents
// (company_patents, not removed, not only collected) with their type, filing date (ad), grant date (gd), term
// adjustment and recorded fee reduction (patents), and the company's payments (fee_payments).
import type SqliteDatabase from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import type { Deps } from '../../deps';
import { APPLICATION_TYPES } from '../../search/patent-number';
import type { FeePatentInput, FeePatentType, FeePayment } from './fee-engine';

/** Ids per query: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 5000;

const TYPE_BY_NAME: Record<string, FeePatentType> = { 发明: 'invention', 实用新型: 'utility', 外观设计: 'design' };
/** APPLICATION_TYPES by the type digit, as engine types. */
const FAST_TYPES: Record<string, FeePatentType> = Object.fromEntries(
  Object.entries(APPLICATION_TYPES).map(([digit, e]) => [digit, TYPE_BY_NAME[e.type]!]),
);

/**
 * The type a Chinese application number gives (DOMAIN §2): digit 5 of the 12 digits (digit 3 of an old 8-digit
 * number): 1 and 8 invention, 2 and 9 utility model, 3 design. Null when the number is not one.
 */
export function feeTypeFromApplicationNumber(an: string | null): FeePatentType | null {
  if (!an) return null;
  // The canonical form the imports store (CN + 12 digits + '.' + check digit), read without a regular expression: the
  // fee lists ask this of every patent of a company (ADR 0032). Anything else goes through the full rule below.
  if (an.length === 16 && an.charCodeAt(0) === 67 && an.charCodeAt(1) === 78 && an.charCodeAt(14) === 46) {
    let digits = true;
    for (let i = 2; i < 14 && digits; i++) digits = an.charCodeAt(i) >= 48 && an.charCodeAt(i) <= 57;
    const check = an.charCodeAt(15);
    if (digits && ((check >= 48 && check <= 57) || check === 88)) return FAST_TYPES[an[6]!] ?? null;
  }
  const m = /^(?:CN|ZL)?(\d{12}|\d{8})(?:\.?[0-9X])?$/.exec(an.toUpperCase().replace(/[\s-]/g, ''));
  if (!m) return null;
  const digits = m[1]!;
  const entry = APPLICATION_TYPES[Number(digits.length === 12 ? digits[4] : digits[2])];
  return entry ? TYPE_BY_NAME[entry.type]! : null;
}

/** The engine's type for a patent row: from the application number when it is a Chinese one, else the stored type. */
export function feeTypeOf(an: string | null, storedType: string): FeePatentType | null {
  return feeTypeFromApplicationNumber(an) ?? TYPE_BY_NAME[storedType] ?? null;
}

function reductionOf(v: unknown): 0 | 70 | 85 {
  const n = Number(v);
  return n === 85 ? 85 : n === 70 ? 70 : 0;
}

/** The patent columns a fee computation reads (also the demo seed's, seed/enterprise-warnings-demo.ts). */
export interface PatentFactsRow {
  id: number;
  an: string | null;
  ad: string | null;
  gd: string | null;
  type: string;
  country: string;
  term_adjustment_days: number;
  fee_reduction_pct: number;
}

const feeFactsIndex = new WeakMap<object, Promise<boolean>>();

/**
 * On SQLite, whether migration 012's patents_fee_facts index exists. SQLite's planner, without statistics, looks a
 * patent up by its rowid and reads the whole row — long texts included — to get eight small columns; the index holds
 * them, so the query names it (INDEXED BY). Checked once per database, since INDEXED BY fails when the index is missing.
 */
export function hasFeeFactsIndex(deps: Pick<Deps, 'db'>): Promise<boolean> {
  if (deps.db.dialect !== 'sqlite') return Promise.resolve(false);
  let known = feeFactsIndex.get(deps.db);
  if (!known) {
    known = sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'index' and name = 'patents_fee_facts'`
      .execute(deps.db.db)
      .then((r) => Number(r.rows[0]?.n) > 0);
    feeFactsIndex.set(deps.db, known);
  }
  return known;
}

/**
 * The fee-engine input of each of the company's own patents (all of them, or those of `patentIds`), keyed by patent
 * id. A patent is left out when China's annual fees do not apply to it or cannot be computed: another country's
 * patent, no filing date, or no known type.
 */
export async function loadFeeInputs(
  deps: Pick<Deps, 'db'>,
  companyId: number,
  patentIds?: readonly number[],
): Promise<Map<number, FeePatentInput>> {
  const out = new Map<number, FeePatentInput>();
  const chunks: (readonly number[] | null)[] = [];
  if (patentIds) {
    const ids = [...new Set(patentIds)].filter((id) => Number.isInteger(id) && id > 0);
    for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  } else chunks.push(null);
  const db = deps.db.db;
  for (const ids of chunks) {
    const hint = (await hasFeeFactsIndex(deps)) ? sql` indexed by patents_fee_facts` : sql``;
    const only = ids ? sql` and cp.patent_id in (${sql.join(ids)})` : sql``;
    const { rows } = await sql<PatentFactsRow>`select p.id, p.an, p.ad, p.gd, p.type, p.country, p.term_adjustment_days,
        p.fee_reduction_pct
      from company_patents cp join patents p${hint} on p.id = cp.patent_id
      where cp.company_id = ${companyId} and cp.removed = 0 and cp.source <> 'collect'${only}`.execute(db);
    for (const r of rows) {
      if (r.country && r.country !== 'CN') continue;
      if (!r.ad) continue;
      const type = feeTypeOf(r.an, r.type);
      if (!type) continue;
      out.set(Number(r.id), {
        type,
        filingDate: r.ad,
        grantDate: r.gd || null,
        termAdjustmentDays: Number(r.term_adjustment_days) || 0,
        reductionPct: reductionOf(r.fee_reduction_pct),
        payments: [],
      });
    }
    // One row per patent with its payments folded into one text ('year paidOn amount,…'): a company's ~100,000
    // payments would otherwise be as many row objects, the larger part of the load (ADR 0025 bench).
    // 'YYYY-MM-DD' first (fixed width), then the year and the amount: parsed by position, no split per item.
    const item = sql<string>`paid_on || cast(year as varchar(10)) || ' ' || cast(amount as varchar(20))`;
    const folded =
      deps.db.dialect === 'postgres' ? sql<string>`string_agg(${item}, ',')` : sql<string>`group_concat(${item}, ',')`;
    let pq = db
      .selectFrom('fee_payments')
      .select(['patent_id', folded.as('list')])
      .where('company_id', '=', companyId)
      .groupBy('patent_id');
    if (ids) pq = pq.where('patent_id', 'in', ids);
    for (const row of await pq.execute()) {
      const input = out.get(Number(row.patent_id));
      if (!input || !row.list) continue;
      const list = row.list;
      for (let at = 0; at < list.length;) {
        let end = list.indexOf(',', at);
        if (end < 0) end = list.length;
        const space = list.indexOf(' ', at + 10);
        const p: FeePayment = {
          year: Number(list.slice(at + 10, space)),
          paidOn: list.slice(at, at + 10),
          amount: Number(list.slice(space + 1, end)),
        };
        input.payments.push(p);
        at = end + 1;
      }
    }
  }
  return out;
}

const FACT_COLUMNS = [
  'id',
  'an',
  'ad',
  'gd',
  'type',
  'country',
  'term_adjustment_days',
  'fee_reduction_pct',
  'category_id',
  'is_core',
  'paid',
] as const;
const factStatements = new WeakMap<SqliteDatabase.Database, Map<string, SqliteDatabase.Statement>>();

/**
 * On SQLite, the rows straight from better-sqlite3 as arrays (one prepared statement per query text): for a company's
 * 20,000 patents, building kysely's row objects was a third of the load (ADR 0032). A read: WAL readers do not wait.
 */
function sqliteRows(raw: SqliteDatabase.Database, q: { sql: string; parameters: readonly unknown[] }): unknown[][] {
  let cache = factStatements.get(raw);
  if (!cache) factStatements.set(raw, (cache = new Map()));
  let st = cache.get(q.sql);
  if (!st) {
    if (cache.size > 50) cache.clear();
    cache.set(q.sql, (st = raw.prepare(q.sql).raw(true)));
  }
  return st.all(...q.parameters) as unknown[][];
}

/** The separators of pgFactRows' text: ASCII record and unit separators, which no patent field holds. */
const RECORD = '\x1e';
const UNIT = '\x1f';

/**
 * On PostgreSQL (ADR 0061), the fee-fact rows (FACT_COLUMNS order, in patent id order; `facts` selects the first ten
 * columns) and the paid years, in one round trip of two independent parts, merged here by patent id:
 * - the patents' columns from migration 043's patents_fee_facts (an index-only scan) merged with the links, folded
 *   into one text by the server and split here: the pg driver builds an object per row and parses each field by
 *   type, about four times the split for a company's 20,000 patents. An application number is sent as '=' + the
 *   number so that a missing one stays null; empty dates read as null as before (`gd || null`, `!ad`);
 * - the paid years of each patent, `bit_or(1 << year)` grouped once from fee_payments' (company_id, patent_id, year)
 *   index ('id:bits,…'), instead of a subquery per patent. Not joined to the patents in SQL: without statistics (a
 *   fresh or just imported database, before autovacuum's analyze) the planner nested the grouping inside a loop over
 *   the links, re-reading every payment of the company once per patent (minutes).
 * Should a field ever hold a separator, a record would split into parts of other than 11 fields: then the patents are
 * read as rows.
 */
async function pgFactRows(db: Deps['db']['db'], facts: RawBuilder<unknown>, paid: RawBuilder<unknown>): Promise<unknown[][]> {
  // Two one-row aggregates side by side (a 1 × 1 join): neither is evaluated per row of the other.
  const folded = await sql<{ t: string | null; n: number; paid: string | null }>`select a.t, a.n, b.paid
    from (select string_agg(concat_ws(chr(31), x.id, coalesce('=' || x.an, ''), coalesce(x.ad, ''), coalesce(x.gd, ''),
        x.type, x.country, x.term_adjustment_days, x.fee_reduction_pct, x.category_id, x.is_core), chr(30) order by x.id)
        as t, count(*) as n from (${facts}) x) a,
      (select string_agg(y.patent_id || ':' || y.bits, ',' order by y.patent_id) as paid from (${paid}) y) b`.execute(db);
  const { t, n, paid: paidText } = folded.rows[0] ?? { t: null, n: 0, paid: null };
  let out: unknown[][] = [];
  if (t) {
    for (const record of t.split(RECORD)) {
      const r: unknown[] = record.split(UNIT);
      if (r.length !== FACT_COLUMNS.length - 1) break;
      const an = r[1] as string;
      r[1] = an ? an.slice(1) : null;
      out.push(r);
    }
  }
  if (out.length !== Number(n)) {
    const { rows } = await sql<FeeFactRow>`${facts} order by 1`.execute(db);
    out = rows.map((r) => FACT_COLUMNS.slice(0, -1).map((c) => r[c]));
  }
  // Both in patent id order: one walk.
  const pairs = paidText ? paidText.split(',') : [];
  let at = 0;
  for (const r of out) {
    const id = Number(r[0]);
    let bits = 0;
    while (at < pairs.length) {
      const pair = pairs[at]!;
      const colon = pair.indexOf(':');
      const pid = Number(pair.slice(0, colon));
      if (pid > id) break;
      at++;
      if (pid === id) bits = Number(pair.slice(colon + 1));
    }
    r.push(bits);
  }
  return out;
}

/** A portfolio patent with what the fee lists show and filter on, and its fee-engine input (paid years as bits). */
export interface FeeFact {
  id: number;
  an: string | null;
  /** the stored type text (发明 …) */
  type: string;
  categoryId: number;
  isCore: number;
  input: FeePatentInput;
}

interface FeeFactRow extends PatentFactsRow {
  category_id: number;
  is_core: number;
  paid: number | string | null;
}

/**
 * The company's own patents with their fee-engine input, for the lists, the /home figures, the warning scan and the
 * report (ADR 0032): one query, the payments folded into the paid years as bits (`paidYears`; feeNext needs no more,
 * the next fee being the first unpaid year), in patent id order. Optionally only `patentIds`, or one category / core
 * flag. The same patents as loadFeeInputs leaves in (Chinese, with a filing date and a known type).
 */
export async function loadFeeFacts(
  deps: Pick<Deps, 'db'>,
  companyId: number,
  f: { patentIds?: readonly number[]; categoryId?: number; isCore?: 0 | 1 } = {},
): Promise<FeeFact[]> {
  const chunks: (readonly number[] | null)[] = [];
  if (f.patentIds) {
    const ids = [...new Set(f.patentIds)].filter((id) => Number.isInteger(id) && id > 0).sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  } else chunks.push(null);
  const db = deps.db.db;
  const pg = deps.db.dialect === 'postgres';
  const hint = (await hasFeeFactsIndex(deps)) ? sql` indexed by patents_fee_facts` : sql``;
  const out: FeeFact[] = [];
  for (const ids of chunks) {
    const only = ids ? sql` and cp.patent_id in (${sql.join(ids)})` : sql``;
    const category = f.categoryId !== undefined ? sql` and cp.category_id = ${f.categoryId}` : sql``;
    const core = f.isCore !== undefined ? sql` and cp.is_core = ${f.isCore}` : sql``;
    const links = sql`cp.company_id = ${companyId} and cp.removed = 0 and cp.source <> 'collect'${only}${category}${core}`;
    // Rows as arrays in FACT_COLUMNS order.
    let rows: unknown[][];
    if (pg) {
      const onlyPaid = ids ? sql` and patent_id in (${sql.join(ids)})` : sql``;
      const facts = sql`select p.id, p.an, p.ad, p.gd, p.type, p.country, p.term_adjustment_days, p.fee_reduction_pct,
          cp.category_id, cp.is_core
        from company_patents cp join patents p on p.id = cp.patent_id
        where ${links}`;
      const paid = sql`select patent_id, bit_or(1 << year) as bits from fee_payments
        where company_id = ${companyId} and year between 1 and 30${onlyPaid} group by patent_id`;
      rows = await pgFactRows(db, facts, paid);
    } else {
      // Years are 1..20 (a payment's year is checked against the term); the bits of 1..30 fit a 32-bit integer.
      const query = sql<FeeFactRow>`select p.id, p.an, p.ad, p.gd, p.type, p.country, p.term_adjustment_days,
          p.fee_reduction_pct, cp.category_id, cp.is_core,
          (select sum(1 << f.year) from fee_payments f
            where f.company_id = ${companyId} and f.patent_id = p.id and f.year between 1 and 30) as paid
        from company_patents cp join patents p${hint} on p.id = cp.patent_id
        where ${links}
        order by cp.patent_id`;
      rows = deps.db.sqlite
        ? sqliteRows(deps.db.sqlite, query.compile(db))
        : (await query.execute(db)).rows.map((r) => FACT_COLUMNS.map((c) => r[c]));
    }
    for (const r of rows) {
      const [id, an, ad, gd, stored, country] = r as [number, string | null, string | null, string | null, string, string];
      if (country && country !== 'CN') continue;
      if (!ad) continue;
      const type = feeTypeOf(an, stored);
      if (!type) continue;
      out.push({
        id: Number(id),
        an,
        type: stored,
        categoryId: Number(r[8]),
        isCore: Number(r[9]),
        input: {
          type,
          filingDate: ad,
          grantDate: gd || null,
          termAdjustmentDays: Number(r[6]) || 0,
          reductionPct: reductionOf(r[7]),
          payments: [],
          paidYears: Number(r[10]) || 0,
        },
      });
    }
  }
  return out;
}
