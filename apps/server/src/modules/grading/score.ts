import { sql, type RawBuilder } from 'kysely';
import {
  DEFAULT_GRADE_THRESHOLDS,
  DEFAULT_SCORE_WEIGHTS,
  GRADES,
  SCORE_PARTS,
  type Grade,
  type GradeCounts,
  type GradeThresholds,
  type RankingList,
  type RankingListBody,
  type CompanySummary,
  type RankingRow,
  type ScoreSettings,
  type ScoreWeights,
} from '@ip/contract';
import type { Deps } from '../../deps';
import { containsText } from '../../db/sql';
import { chinaToday } from '../common/records';
import { listServiceCompanies } from '../enterprise/companies';
import { assertInScope, inScope, type ServiceScope } from '../enterprise/service-scope';

/**
 * An enterprise's score, grade and rank (issue 12, ADR 0043, DOMAIN §5), computed in SQL with one aggregate per part
 * (never by loading all rows): for each enterprise in the caller's scope
 *   score = inventions × w + utility models × w + designs × w + honours × w + open demands × w
 *         + visits in the last 365 days × w − litigation cases filed in the last 365 days × w
 * where the patents count only the enterprise's own granted (有权) patents and the weights are the office's
 * (service_score_settings, else the defaults). Grade: A at or above thresholds.a, B at or above b, C at or above c,
 * else D. Rank: the position in the caller's whole scope by score (ties share a rank), before any list filter.
 */

/** Days a visit counts towards the score, and a litigation case as "new". */
export const SCORE_VISIT_DAYS = 365;
export const SCORE_LITIGATION_DAYS = 365;

/** The enterprise's honours (company_honors, migration 024, ADR 0041): one correlated count per enterprise. */
export function honourCountSql(companyId: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`(select count(*) from company_honors h where h.company_id = ${companyId})`;
}

function minusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** The office's weights and thresholds (the defaults when never saved). */
export async function scoreSettings(deps: Deps, scope: ServiceScope): Promise<ScoreSettings> {
  const row = await deps.db.db
    .selectFrom('service_score_settings')
    .selectAll()
    .where('owner_id', '=', scope.ownerId)
    .executeTakeFirst();
  if (!row)
    return { weights: { ...DEFAULT_SCORE_WEIGHTS }, thresholds: { ...DEFAULT_GRADE_THRESHOLDS }, saved: false, updated_at: null };
  const weights = { ...DEFAULT_SCORE_WEIGHTS, ...(JSON.parse(row.weights) as Partial<ScoreWeights>) };
  const thresholds = { ...DEFAULT_GRADE_THRESHOLDS, ...(JSON.parse(row.thresholds) as Partial<GradeThresholds>) };
  return { weights, thresholds, saved: true, updated_at: row.updated_at };
}

export async function saveScoreSettings(
  deps: Deps,
  scope: ServiceScope,
  input: { weights: ScoreWeights; thresholds: GradeThresholds },
): Promise<ScoreSettings> {
  const now = deps.clock().toISOString();
  const values = { weights: JSON.stringify(input.weights), thresholds: JSON.stringify(input.thresholds), updated_at: now };
  await deps.db.db
    .insertInto('service_score_settings')
    .values({ owner_id: scope.ownerId, ...values })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet(values))
    .execute();
  return { weights: input.weights, thresholds: input.thresholds, saved: true, updated_at: now };
}

export interface RankFilter {
  keyword?: string;
  street_id?: number;
  label_id?: number;
  industry?: string;
  grade?: Grade;
}

/** The CTE chain `ranked` (id, company_name, street_id, street_name, industry, the 7 counts, score, grade, rk). */
function rankedSql(deps: Deps, scope: ServiceScope, w: ScoreWeights, t: GradeThresholds): RawBuilder<unknown> {
  const { db } = deps.db;
  const today = chinaToday(deps.clock());
  const visitFrom = minusDays(today, SCORE_VISIT_DAYS);
  const litFrom = minusDays(today, SCORE_LITIGATION_DAYS);
  const office = db
    .selectFrom('companies')
    .select(['companies.id', 'companies.company_name', 'companies.street_id', 'companies.street_name', 'companies.industry'])
    .where(inScope(scope));
  const lit = (n: number) => sql.lit(Math.trunc(n));
  const score = sql`(o.invention * ${lit(w.invention)} + o.utility * ${lit(w.utility)} + o.design * ${lit(w.design)}
    + o.honour * ${lit(w.honour)} + o.demand * ${lit(w.demand)} + o.visit * ${lit(w.visit)}
    - o.litigation * ${lit(w.litigation)})`;
  return sql`with office as ${office},
  pat as (
    select cp.company_id,
      sum(case when p.type = '发明' then 1 else 0 end) as inv,
      sum(case when p.type = '实用新型' then 1 else 0 end) as um,
      sum(case when p.type = '外观设计' then 1 else 0 end) as des
    from company_patents cp join patents p on p.id = cp.patent_id
    where cp.company_id in (select id from office) and cp.removed = 0 and cp.source <> 'collect'
      and p.legal_status = '有权'
    group by cp.company_id),
  vis as (
    select company_id, count(*) as n from visits
    where owner_id = ${scope.ownerId} and status = 'done' and visit_date > ${visitFrom} and visit_date <= ${today}
    group by company_id),
  dem as (
    select company_id, count(*) as n from demands
    where owner_id = ${scope.ownerId} and status in ('registered', 'assigned')
    group by company_id),
  lit as (
    select cn.company_id, count(distinct lp.case_id) as n
    from company_names cn
      join litigation_parties lp on lp.name_key = cn.name
      join litigation_cases lc on lc.id = lp.case_id
    where cn.company_id in (select id from office) and lc.filing_date > ${litFrom} and lc.filing_date <= ${today}
    group by cn.company_id),
  counted as (
    select office.id, office.company_name, office.street_id, office.street_name, office.industry,
      coalesce(pat.inv, 0) as invention, coalesce(pat.um, 0) as utility, coalesce(pat.des, 0) as design,
      ${honourCountSql(sql<number>`office.id`)} as honour,
      coalesce(dem.n, 0) as demand, coalesce(vis.n, 0) as visit, coalesce(lit.n, 0) as litigation
    from office
      left join pat on pat.company_id = office.id
      left join vis on vis.company_id = office.id
      left join dem on dem.company_id = office.id
      left join lit on lit.company_id = office.id),
  scored as (select o.*, ${score} as score from counted o),
  ranked as (
    select scored.*, rank() over (order by score desc) as rk,
      case when score >= ${lit(t.a)} then 'A' when score >= ${lit(t.b)} then 'B' when score >= ${lit(t.c)} then 'C'
        else 'D' end as grade
    from scored)`;
}

function filterSql(scope: ServiceScope, f: RankFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (f.keyword) parts.push(containsText('company_name', f.keyword));
  if (f.street_id !== undefined) parts.push(sql`street_id = ${f.street_id}`);
  if (f.industry) parts.push(sql`industry = ${f.industry}`);
  if (f.grade) parts.push(sql`grade = ${f.grade}`);
  if (f.label_id !== undefined)
    parts.push(sql`id in (select company_id from company_labels where label_id = ${f.label_id} and owner_id = ${scope.ownerId})`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

interface RankedRow {
  id: number;
  company_name: string;
  street_name: string;
  industry: string;
  invention: number;
  utility: number;
  design: number;
  honour: number;
  demand: number;
  visit: number;
  litigation: number;
  score: number;
  grade: Grade;
  rk: number;
  total_rows?: number;
}

function toRow(r: RankedRow): RankingRow {
  return {
    id: Number(r.id),
    company_name: r.company_name,
    street_name: r.street_name,
    industry: r.industry,
    rank: Number(r.rk),
    score: Number(r.score),
    grade: r.grade,
    counts: Object.fromEntries(SCORE_PARTS.map((p) => [p, Number(r[p])])) as RankingRow['counts'],
  };
}

/** One page of the ranking (or, with `all`, every row for the export, at most `limit`). */
export async function rankCompanies(
  deps: Deps,
  scope: ServiceScope,
  q: RankFilter & { page: number; page_size: number },
  settings?: ScoreSettings,
): Promise<RankingList> {
  const { db } = deps.db;
  const s = settings ?? (await scoreSettings(deps, scope));
  const ranked = rankedSql(deps, scope, s.weights, s.thresholds);
  const where = filterSql(scope, q);
  const rows = (
    await sql<RankedRow>`${ranked}
      select ranked.*, count(*) over () as total_rows from ranked where ${where}
      order by rk, id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`.execute(db)
  ).rows;
  let total = rows.length ? Number(rows[0].total_rows) : 0;
  if (!rows.length && q.page > 1) {
    const c = await sql<{ n: number }>`${ranked} select count(*) as n from ranked where ${where}`.execute(db);
    total = Number(c.rows[0]?.n ?? 0);
  }
  const industries = await db
    .selectFrom('companies')
    .select('companies.industry')
    .distinct()
    .where(inScope(scope))
    .where('companies.industry', '<>', '')
    .orderBy('companies.industry')
    .execute();
  return {
    list: rows.map(toRow),
    total,
    page: q.page,
    page_size: q.page_size,
    weights: s.weights,
    thresholds: s.thresholds,
    industries: industries.map((i) => i.industry),
  };
}

export const RANKING_EXPORT_MAX = 20_000;

/** Every ranked row matching the filter, for the Excel export (at most RANKING_EXPORT_MAX). */
export async function rankingForExport(deps: Deps, scope: ServiceScope, f: RankFilter) {
  const s = await scoreSettings(deps, scope);
  const ranked = rankedSql(deps, scope, s.weights, s.thresholds);
  const rows = (
    await sql<RankedRow>`${ranked} select ranked.* from ranked where ${filterSql(scope, f)}
      order by rk, id limit ${RANKING_EXPORT_MAX + 1}`.execute(deps.db.db)
  ).rows;
  return { rows: rows.slice(0, RANKING_EXPORT_MAX).map(toRow), truncated: rows.length > RANKING_EXPORT_MAX, settings: s };
}

/** How many enterprises in scope fall in each grade with these weights and thresholds (saved or a preview). */
export async function gradeCounts(
  deps: Deps,
  scope: ServiceScope,
  weights: ScoreWeights,
  thresholds: GradeThresholds,
): Promise<{ counts: GradeCounts; total: number }> {
  const ranked = rankedSql(deps, scope, weights, thresholds);
  const rows = (
    await sql<{ grade: Grade; n: number }>`${ranked} select grade, count(*) as n from ranked group by grade`.execute(deps.db.db)
  ).rows;
  const counts = Object.fromEntries(GRADES.map((g) => [g, 0])) as GradeCounts;
  for (const r of rows) counts[r.grade] = Number(r.n);
  return { counts, total: GRADES.reduce((n, g) => n + counts[g], 0) };
}

export function rankingBodyFilter(b: RankingListBody): RankFilter {
  return { keyword: b.keyword, street_id: b.street_id, label_id: b.label_id, industry: b.industry, grade: b.grade };
}

/**
 * One enterprise for its page (/workEnterprisevisit, ADR 0049): its directory row (street, industry, size, labels,
 * serving staff), credit code, and its rank, score, grade and score make-up among the caller's whole scope — the
 * same numbers /workCompany shows. An id outside the scope answers 404 before anything is read.
 */
export async function companySummary(deps: Deps, scope: ServiceScope, companyId: number): Promise<CompanySummary> {
  const { db } = deps.db;
  await assertInScope(db, scope, [companyId]);
  const s = await scoreSettings(deps, scope);
  const ranked = rankedSql(deps, scope, s.weights, s.thresholds);
  const rows = (
    await sql<RankedRow>`${ranked} select ranked.*, (select count(*) from ranked) as total_rows from ranked
      where id = ${companyId}`.execute(db)
  ).rows;
  const [row] = (await listServiceCompanies(deps, scope, { page: 1, page_size: 1, company_id: companyId })).list;
  const extra = await db.selectFrom('companies').select('credit_code').where('id', '=', companyId).executeTakeFirstOrThrow();
  return {
    company: { ...row, credit_code: extra.credit_code ?? '' },
    ranking: toRow(rows[0]),
    scope_total: Number(rows[0].total_rows),
    weights: s.weights,
    thresholds: s.thresholds,
  };
}
