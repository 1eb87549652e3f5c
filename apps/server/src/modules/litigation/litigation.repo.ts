// Litigation cases in the database: the import upsert (by case number), the company's list, the search, the detail
// and the follows. Every company-scoped query takes the company id from the session (companyActor), never from a
// request body.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import {
  LITIGATION_PAGE_SIZE_MAX,
  normaliseCaseNo,
  type LitigationIndexBody,
  type LitigationListItem,
  type LitigationParty,
  type LitigationRole,
  type LitigationSearchBody,
  type LitigationSort,
  type LitigationStatus,
  type TrialLevel,
} from '@ip/contract';
import type { Db, Dialect } from '../../db';
import type { Database, LitigationCasesTable } from '../../db/schema';
import { containsText } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { PatentNumberError } from '../../search/patent-number';
import { normaliseCompanyName } from '../company/company-link';
import { findPatentIdByNumber, patentNumbers } from '../patents/patents.repo';
import { indexCases, indexedCandidates, syncLitigationIndex } from './litigation-index';
import { readPatentNumber, type CaseDocument, type CaseInput } from './litigation-record';

type Q = Kysely<Database> | Transaction<Database>;
type EB = ExpressionBuilder<Database & { c: LitigationCasesTable }, 'c'>;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Stores cases by case number: a new number is inserted, a known one with other content is updated (its parties and
 * patents replaced), the same content is left alone. Follows stay with the case (they key on its id).
 */
export async function upsertCases(
  trx: Q,
  records: CaseInput[],
  now: string,
  source: string,
  dialect: Dialect,
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const touched: number[] = [];
  for (const r of records) {
    const row = {
      court: r.court,
      cause: r.cause,
      trial_level: r.trial_level,
      status: r.status,
      filing_date: r.filing_date,
      filing_year: r.filing_year,
      judgment_date: r.judgment_date,
      summary: r.summary,
      judgment_text: r.judgment_text,
      documents: JSON.stringify(r.documents),
      source,
      is_demo: r.is_demo ? 1 : 0,
      content_hash: r.content_hash,
      updated_at: now,
    };
    const existing = await trx
      .selectFrom('litigation_cases')
      .select(['id', 'content_hash'])
      .where('case_no', '=', r.case_no)
      .executeTakeFirst();
    let id: number;
    if (!existing) {
      const ins = await trx
        .insertInto('litigation_cases')
        .values({ ...row, case_no: r.case_no, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(ins.id);
      counts.inserted++;
    } else if (existing.content_hash === r.content_hash) {
      counts.unchanged++;
      continue;
    } else {
      id = Number(existing.id);
      await trx.updateTable('litigation_cases').set(row).where('id', '=', id).execute();
      await trx.deleteFrom('litigation_parties').where('case_id', '=', id).execute();
      await trx.deleteFrom('litigation_patents').where('case_id', '=', id).execute();
      counts.updated++;
    }
    touched.push(id);
    if (r.parties.length) {
      await trx
        .insertInto('litigation_parties')
        .values(r.parties.map((p, sort) => ({ case_id: id, sort, role: p.role, name: p.name, name_key: p.name_key })))
        .execute();
    }
    if (r.patents.length) {
      await trx
        .insertInto('litigation_patents')
        .values(r.patents.map((p, sort) => ({ case_id: id, sort, number: p.number, an: p.an, pn: p.pn, pn_stem: p.pn_stem })))
        .execute();
    }
  }
  // The text index follows in the same transaction (ADR 0037).
  await indexCases(trx, dialect, touched);
  return counts;
}

/**
 * The comparison keys of a company's names (current and former, every spelling in company_names): a case whose
 * party's name_key is one of them is the company's own.
 */
export async function companyNameKeys(db: Q, companyId: number): Promise<string[]> {
  const rows = await db.selectFrom('company_names').select('name').where('company_id', '=', companyId).execute();
  return [...new Set(rows.map((r) => normaliseCompanyName(r.name)).filter(Boolean))];
}

/** Who is asking: a company (its id and name keys) or a reader without one (a trial user before approval). */
export interface Viewer {
  companyId: number | null;
  nameKeys: string[];
}

const partyOf = (eb: EB, keys: string[]): Expression<SqlBool> =>
  keys.length
    ? eb.exists(
        eb
          .selectFrom('litigation_parties as lp')
          .select(sql<number>`1`.as('one'))
          .whereRef('lp.case_id', '=', 'c.id')
          .where('lp.name_key', 'in', keys),
      )
    : sql<SqlBool>`1 = 0`;

const followedBy = (eb: EB, companyId: number): Expression<SqlBool> =>
  eb.exists(
    eb
      .selectFrom('litigation_follows as f')
      .select(sql<number>`1`.as('one'))
      .whereRef('f.case_id', '=', 'c.id')
      .where('f.company_id', '=', companyId),
  );

// Cases without a judgment date go last in both directions (SQLite and PostgreSQL order NULLs differently).
const NO_JUDGMENT_LAST = sql`case when c.judgment_date is null then 1 else 0 end`;
const ORDERS: Record<LitigationSort, [RawBuilder<unknown>, 'asc' | 'desc'][]> = {
  filing_desc: [
    [sql.ref('c.filing_date'), 'desc'],
    [sql.ref('c.id'), 'desc'],
  ],
  filing_asc: [
    [sql.ref('c.filing_date'), 'asc'],
    [sql.ref('c.id'), 'asc'],
  ],
  judgment_desc: [
    [NO_JUDGMENT_LAST, 'asc'],
    [sql.ref('c.judgment_date'), 'desc'],
    [sql.ref('c.id'), 'desc'],
  ],
  judgment_asc: [
    [NO_JUDGMENT_LAST, 'asc'],
    [sql.ref('c.judgment_date'), 'asc'],
    [sql.ref('c.id'), 'asc'],
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select over `litigation_cases as c`
function orderBy<QB extends SelectQueryBuilder<any, any, any>>(q: QB, sort: LitigationSort | undefined): QB {
  for (const [expr, dir] of ORDERS[sort ?? 'filing_desc']) q = q.orderBy(expr, dir) as QB;
  return q;
}

const LIST_COLUMNS = [
  'c.id',
  'c.case_no',
  'c.court',
  'c.cause',
  'c.trial_level',
  'c.status',
  'c.filing_date',
  'c.judgment_date',
] as const;

type CaseRow = {
  id: number;
  case_no: string;
  court: string;
  cause: string;
  trial_level: string;
  status: string;
  filing_date: string;
  judgment_date: string | null;
};

/** The parties, patents and follow mark of some cases, as list items (in the rows' order). */
async function hydrate(db: Db, rows: CaseRow[], viewer: Viewer): Promise<LitigationListItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const [parties, patents, follows] = await Promise.all([
    db.db
      .selectFrom('litigation_parties')
      .select(['case_id', 'role', 'name', 'name_key'])
      .where('case_id', 'in', ids)
      .orderBy('case_id')
      .orderBy('sort')
      .execute(),
    db.db
      .selectFrom('litigation_patents')
      .select(['case_id', 'number'])
      .where('case_id', 'in', ids)
      .orderBy('case_id')
      .orderBy('sort')
      .execute(),
    viewer.companyId
      ? db.db
          .selectFrom('litigation_follows')
          .select('case_id')
          .where('company_id', '=', viewer.companyId)
          .where('case_id', 'in', ids)
          .execute()
      : Promise.resolve([] as { case_id: number }[]),
  ]);
  const keys = new Set(viewer.nameKeys);
  const followed = new Set(follows.map((f) => Number(f.case_id)));
  const partiesOf = new Map<number, LitigationParty[]>();
  for (const p of parties) {
    const list = partiesOf.get(Number(p.case_id)) ?? [];
    list.push({ role: p.role as LitigationRole, name: p.name, is_self: keys.has(p.name_key) });
    partiesOf.set(Number(p.case_id), list);
  }
  const patentsOf = new Map<number, string[]>();
  for (const p of patents) {
    const list = patentsOf.get(Number(p.case_id)) ?? [];
    list.push(p.number);
    patentsOf.set(Number(p.case_id), list);
  }
  return rows.map((r) => {
    const ps = partiesOf.get(Number(r.id)) ?? [];
    const ownRoles = [...new Set(ps.filter((p) => p.is_self).map((p) => p.role))];
    return {
      id: Number(r.id),
      case_no: r.case_no,
      court: r.court,
      cause: r.cause,
      trial_level: r.trial_level as TrialLevel,
      status: r.status as LitigationStatus,
      filing_date: r.filing_date,
      judgment_date: r.judgment_date,
      parties: ps,
      patents: patentsOf.get(Number(r.id)) ?? [],
      followed: followed.has(Number(r.id)),
      own: ownRoles.length > 0,
      own_roles: ownRoles,
    };
  });
}

const pageOf = (body: { page?: number; page_size?: number }) => {
  const page = body.page ?? 1;
  const pageSize = Math.min(body.page_size ?? 20, LITIGATION_PAGE_SIZE_MAX);
  return { page, pageSize, offset: (page - 1) * pageSize };
};

/** The company's cases: the ones it follows and the ones it is a party to, paged, filtered and sorted. */
export async function listCompanyCases(db: Db, companyId: number, body: LitigationIndexBody) {
  const viewer: Viewer = { companyId, nameKeys: await companyNameKeys(db.db, companyId) };
  const mine = (eb: EB) => eb.or([followedBy(eb, companyId), partyOf(eb, viewer.nameKeys)]);
  const base = db.db.selectFrom('litigation_cases as c');
  let q = base;
  const relation = body.relation ?? 'all';
  if (relation === 'followed') q = q.where((eb) => followedBy(eb, companyId));
  else if (relation === 'own') q = q.where((eb) => partyOf(eb, viewer.nameKeys));
  else q = q.where(mine);
  if (body.status) q = q.where('c.status', '=', body.status);
  if (body.cause) q = q.where('c.cause', '=', body.cause);
  if (body.year) q = q.where('c.filing_year', '=', body.year);
  if (body.keyword) {
    const kw = body.keyword;
    const nameKw = normaliseCompanyName(kw);
    q = q.where((eb) =>
      eb.or([
        containsText('c.case_no', normaliseCaseNo(kw)),
        containsText('c.cause', kw),
        containsText('c.court', kw),
        eb.exists(
          eb
            .selectFrom('litigation_parties as kp')
            .select(sql<number>`1`.as('one'))
            .whereRef('kp.case_id', '=', 'c.id')
            .where(containsText('kp.name_key', nameKw)),
        ),
        eb.exists(
          eb
            .selectFrom('litigation_patents as kt')
            .select(sql<number>`1`.as('one'))
            .whereRef('kt.case_id', '=', 'c.id')
            .where(containsText('kt.number', kw)),
        ),
      ]),
    );
  }
  const { page, pageSize, offset } = pageOf(body);
  const countOf = async (where: (eb: EB) => Expression<SqlBool>) =>
    Number(
      (
        await base
          .where(where)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [totalRow, rows, counts, facets] = await Promise.all([
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    orderBy(q.select([...LIST_COLUMNS]), body.sort)
      .limit(pageSize)
      .offset(offset)
      .execute(),
    Promise.all([countOf(mine), countOf((eb) => followedBy(eb, companyId)), countOf((eb) => partyOf(eb, viewer.nameKeys))]),
    base.where(mine).select(['c.cause', 'c.filing_year']).distinct().execute(),
  ]);
  return {
    total: Number(totalRow.n),
    page,
    page_size: pageSize,
    list: await hydrate(db, rows as CaseRow[], viewer),
    causes: [...new Set(facets.map((f) => f.cause))].sort((a, b) => a.localeCompare(b, 'zh-CN')),
    years: [...new Set(facets.map((f) => Number(f.filing_year)))].sort((a, b) => b - a),
    counts: { all: counts[0], followed: counts[1], own: counts[2] },
  };
}

/** What a patent-number query matches: canonical application numbers and publication stems. */
interface PatentQuery {
  ans: string[];
  stems: string[];
}

/**
 * The numbers a patent-number query stands for: the number itself in canonical form and, when it names a stored
 * patent, that patent's other numbers (its application number and every publication), so a case that names the
 * application number is found by the grant number too. null: the text is not a patent number. A wrong check digit
 * throws (DOMAIN §2: a clear error, not a silent miss) when `strict`.
 */
async function patentQuery(db: Db, input: string, strict: boolean): Promise<PatentQuery | null> {
  let ref;
  try {
    ref = readPatentNumber(input);
  } catch (err) {
    if (!(err instanceof PatentNumberError)) throw err;
    if (strict && /校验位/.test(err.message)) throw badRequest(err.message);
    return null;
  }
  const ans = new Set<string>(ref.an ? [ref.an] : []);
  const stems = new Set<string>(ref.pn_stem ? [ref.pn_stem] : []);
  const stored = await findPatentIdByNumber(db, input);
  if (stored !== null) {
    const n = await patentNumbers(db, stored);
    if (n.an) ans.add(n.an);
    for (const s of n.stems) stems.add(s);
  }
  return { ans: [...ans], stems: [...stems] };
}

/** Whether a row `pt` of litigation_patents matches a patent-number query. */
function patentConds(pq: PatentQuery | null, raw: string): Expression<SqlBool>[] {
  const compact = raw.toUpperCase().replace(/[\s\u3000]/g, '');
  // Part of a number (202310123, 2187514) as well: the numbers as written and in canonical form contain it.
  const conds: Expression<SqlBool>[] = [
    containsText('pt.number', raw),
    containsText('pt.an', compact),
    containsText('pt.pn', compact),
  ];
  if (pq?.ans.length) conds.push(sql<SqlBool>`pt.an in (${sql.join(pq.ans)})`);
  if (pq?.stems.length) conds.push(sql<SqlBool>`pt.pn_stem in (${sql.join(pq.stems)})`);
  return conds;
}

function patentMatch(eb: EB, pq: PatentQuery | null, raw: string): Expression<SqlBool> {
  const conds = patentConds(pq, raw);
  return eb.exists(
    eb
      .selectFrom('litigation_patents as pt')
      .select(sql<number>`1`.as('one'))
      .whereRef('pt.case_id', '=', 'c.id')
      .where((e) => e.or(conds)),
  );
}

export interface SearchOutcome {
  total: number;
  page: number;
  page_size: number;
  items: (LitigationListItem & { summary: string; judgment_text: string })[];
  patentQuery: PatentQuery | null;
}

/**
 * Cases whose chosen field contains the keyword exactly as written (case-insensitively; LIKE wildcards literal),
 * paged and sorted, with the exact total. Patent numbers are matched in any spelling of DOMAIN §2.
 */
export async function searchCases(db: Db, body: LitigationSearchBody, viewer: Viewer): Promise<SearchOutcome> {
  const field = body.field ?? 'all';
  const kw = body.keyword;
  const pq = field === 'patent' || field === 'all' ? await patentQuery(db, kw, field === 'patent') : null;
  const nameKw = normaliseCompanyName(kw);
  const partyMatch = (eb: EB) =>
    eb.exists(
      eb
        .selectFrom('litigation_parties as sp')
        .select(sql<number>`1`.as('one'))
        .whereRef('sp.case_id', '=', 'c.id')
        .where(containsText('sp.name_key', nameKw)),
    );
  // The long text fields: through the text index when the keyword has CJK characters (ADR 0037), the same LIKE
  // deciding on the cases the index leaves; otherwise the LIKE over every case, as before.
  await syncLitigationIndex(db);
  const candidates = indexedCandidates(db.dialect, kw);
  // `drive`: the count lets SQLite start from the index's candidates (a rare word: a few rowid lookups instead of
  // every judgment); the page keeps walking the filing-date order (`+c.id` is not an index term), so a word in most
  // cases stops after the page's rows instead of reading and sorting every candidate (tools/bench/litigation-bench.ts).
  const textMatch = (columns: string[], drive: boolean): Expression<SqlBool> => {
    const like = columns.map((col) => containsText(col, kw));
    const any = like.length === 1 ? like[0] : sql<SqlBool>`(${sql.join(like, sql` OR `)})`;
    if (!candidates) return any;
    const id = drive || db.dialect !== 'sqlite' ? sql`c.id` : sql`+c.id`;
    return sql<SqlBool>`(${id} IN (${candidates}) AND ${any})`;
  };
  const filtered = (drive: boolean) => {
    let q = db.db.selectFrom('litigation_cases as c').where((eb) => {
      switch (field) {
        case 'party':
          return partyMatch(eb);
        case 'case_no':
          return containsText('c.case_no', normaliseCaseNo(kw));
        case 'patent':
          return patentMatch(eb, pq, kw);
        case 'text':
          return textMatch(['c.judgment_text'], drive);
        default: {
          if (candidates) {
            // 全部字段 with a Chinese keyword: the union of the cases each field finds, each from a narrow table or
            // index (parties, case numbers, patents, the text index's candidates), instead of testing every case.
            const texts = ['c2.judgment_text', 'c2.summary', 'c2.cause', 'c2.court'].map((col) => containsText(col, kw));
            const ids = sql`SELECT sp.case_id FROM litigation_parties sp WHERE ${containsText('sp.name_key', nameKw)}
              UNION SELECT c1.id FROM litigation_cases c1 WHERE ${containsText('c1.case_no', normaliseCaseNo(kw))}
              UNION SELECT pt.case_id FROM litigation_patents pt WHERE (${sql.join(patentConds(pq, kw), sql` OR `)})
              UNION SELECT c2.id FROM litigation_cases c2 WHERE c2.id IN (${candidates}) AND (${sql.join(texts, sql` OR `)})`;
            const id = drive || db.dialect !== 'sqlite' ? sql`c.id` : sql`+c.id`;
            return sql<SqlBool>`${id} IN (${ids})`;
          }
          return eb.or([
            partyMatch(eb),
            containsText('c.case_no', normaliseCaseNo(kw)),
            patentMatch(eb, pq, kw),
            textMatch(['c.judgment_text', 'c.summary', 'c.cause', 'c.court'], drive),
          ]);
        }
      }
    });
    if (body.status) q = q.where('c.status', '=', body.status);
    if (body.cause) q = q.where('c.cause', '=', body.cause);
    if (body.year) q = q.where('c.filing_year', '=', body.year);
    return q;
  };
  const { page, pageSize, offset } = pageOf(body);
  const [totalRow, rows] = await Promise.all([
    filtered(true)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
    orderBy(filtered(false).select([...LIST_COLUMNS, 'c.summary', 'c.judgment_text']), body.sort)
      .limit(pageSize)
      .offset(offset)
      .execute(),
  ]);
  const items = await hydrate(db, rows as CaseRow[], viewer);
  return {
    total: Number(totalRow.n),
    page,
    page_size: pageSize,
    items: items.map((it, i) => ({ ...it, summary: rows[i].summary, judgment_text: rows[i].judgment_text })),
    patentQuery: pq,
  };
}

/** The canonical numbers of a case's patents (to mark which ones a patent query matched). */
export async function casePatentNumbers(db: Db, caseIds: number[]) {
  if (!caseIds.length) return [];
  return db.db
    .selectFrom('litigation_patents')
    .select(['case_id', 'number', 'an', 'pn', 'pn_stem'])
    .where('case_id', 'in', caseIds)
    .execute();
}

export interface CaseDetailRow extends LitigationListItem {
  summary: string;
  judgment_text: string;
  documents: CaseDocument[];
}

/** One case with its parties, patents (numbers) and documents, or null. */
export async function getCase(db: Db, id: number, viewer: Viewer): Promise<CaseDetailRow | null> {
  const row = await db.db
    .selectFrom('litigation_cases as c')
    .select([...LIST_COLUMNS, 'c.summary', 'c.judgment_text', 'c.documents'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [item] = await hydrate(db, [row as CaseRow], viewer);
  let documents: CaseDocument[] = [];
  try {
    const v: unknown = JSON.parse(row.documents || '[]');
    if (Array.isArray(v)) documents = v as CaseDocument[];
  } catch {
    documents = [];
  }
  return { ...item, summary: row.summary, judgment_text: row.judgment_text, documents };
}

/** The stored patent each of a case's numbers names (null when none). */
export async function resolvePatents(db: Db, numbers: string[]): Promise<(number | null)[]> {
  const out: (number | null)[] = [];
  for (const n of numbers) out.push(await findPatentIdByNumber(db, n));
  return out;
}

/** Whether a case exists. */
export async function caseExists(db: Q, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('litigation_cases').select('id').where('id', '=', id).executeTakeFirst());
}

/** Follows (true) or unfollows (false) a case for a company; returns whether anything changed. */
export async function setFollow(
  trx: Q,
  companyId: number,
  userId: number,
  caseId: number,
  follow: boolean,
  now: string,
): Promise<boolean> {
  if (follow) {
    const res = await trx
      .insertInto('litigation_follows')
      .values({ company_id: companyId, case_id: caseId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'case_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const res = await trx
    .deleteFrom('litigation_follows')
    .where('company_id', '=', companyId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return Number(res.numDeletedRows ?? 0) > 0;
}
