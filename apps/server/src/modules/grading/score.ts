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
import { listServiceCompanies } from '../enterprise/companies';
import { assertInScope, inScope, type ServiceScope } from '../enterprise/service-scope';
import { correctionSql, readyFacts } from './facts';

/**
 * An enterprise's score, grade and rank (issue 12, ADR 0043, DOMAIN §5), computed in SQL with one aggregate per part
 * (never by loading all rows): for each enterprise in the caller's scope
 *   score = inventions × w + utility models × w + designs × w + honours × w + open demands × w
 *         + visits in the last 365 days × w − litigation cases filed in the last 365 days × w
 * where the patents count only the enterprise's own granted (有权) patents and the weights are the office's
 * (service_score_settings, else the defaults). Grade: A at or above thresholds.a, B at or above b, C at or above c,
 * else D. Rank: the position in the caller's whole scope by score (ties share a rank), before any list filter.
 */

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

/**
 * The CTE chain `scored` (id, company_name, street_id, street_name, industry, the 7 counts, score): the enterprises in
 * scope joined to their stored counts (service_company_facts, ADR 0050), corrected to today's windows when the counts
 * were taken on an earlier day, with the weights applied here.
 */
async function scoredSql(deps: Deps, scope: ServiceScope, w: ScoreWeights): Promise<RawBuilder<unknown>> {
  const { db } = deps.db;
  const { asOf, today } = await readyFacts(deps);
  const stale = asOf !== today;
  const office = db
    .selectFrom('companies')
    .select(['companies.id', 'companies.company_name', 'companies.street_id', 'companies.street_name', 'companies.industry'])
    .where(inScope(scope));
  const lit = (n: number) => sql.lit(Math.trunc(n));
  const score = sql`(o.invention * ${lit(w.invention)} + o.utility * ${lit(w.utility)} + o.design * ${lit(w.design)}
    + o.honour * ${lit(w.honour)} + o.demand * ${lit(w.demand)} + o.visit * ${lit(w.visit)}
    - o.litigation * ${lit(w.litigation)})`;
  const visit = stale ? sql`coalesce(f.visit, 0) + coalesce(vd.n, 0)` : sql`coalesce(f.visit, 0)`;
  const litigation = stale ? sql`coalesce(f.litigation, 0) + coalesce(ld.n, 0)` : sql`coalesce(f.litigation, 0)`;
  return sql`with office as ${office},${stale ? sql` ${correctionSql(scope.ownerId, asOf, today)},` : sql``}
  counted as (
    select office.id, office.company_name, office.street_id, office.street_name, office.industry,
      coalesce(f.invention, 0) as invention, coalesce(f.utility, 0) as utility, coalesce(f.design, 0) as design,
      coalesce(f.honour, 0) as honour, coalesce(f.demand, 0) as demand, ${visit} as visit, ${litigation} as litigation
    from office
      left join service_company_facts f on f.company_id = office.id${
        stale
          ? sql`
      left join vdelta vd on vd.company_id = office.id
      left join ldelta ld on ld.company_id = office.id`
          : sql``
      }),
  scored as (select o.*, ${score} as score from counted o)`;
}

/** Grade of a score: A at or above thresholds.a, B at or above b, C at or above c, else D. */
function gradeOf(score: number, t: GradeThresholds): Grade {
  return score >= t.a ? 'A' : score >= t.b ? 'B' : score >= t.c ? 'C' : 'D';
}

/**
 * How many enterprises in the whole scope have each score, highest first: one grouped pass over `scored` that gives
 * every rank (1 + the enterprises scoring higher: SQL's rank(), ties share it) and every grade count, so no window
 * function runs over the scope (ADR 0050: rank() over 20,000 rows was most of the ranking's time).
 */
async function scoreHistogram(deps: Deps, scored: RawBuilder<unknown>): Promise<{ score: number; n: number }[]> {
  const rows = (
    await sql<{ score: number; n: number }>`${scored} select score, count(*) as n from scored group by score`.execute(deps.db.db)
  ).rows;
  return rows.map((r) => ({ score: Number(r.score), n: Number(r.n) })).sort((a, b) => b.score - a.score);
}

function rankOf(hist: { score: number; n: number }[]): (score: number) => number {
  const ranks = new Map<number, number>();
  let above = 0;
  for (const h of hist) {
    ranks.set(h.score, above + 1);
    above += h.n;
  }
  return (score) => ranks.get(score) ?? above + 1;
}

function filterSql(scope: ServiceScope, f: RankFilter, t: GradeThresholds): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (f.keyword) parts.push(containsText('company_name', f.keyword));
  if (f.street_id !== undefined) parts.push(sql`street_id = ${f.street_id}`);
  if (f.industry) parts.push(sql`industry = ${f.industry}`);
  if (f.grade) {
    // the grade as a score range (gradeOf): A [a, ∞), B [b, a), C [c, b), D (−∞, c)
    const upper = { A: null, B: t.a, C: t.b, D: t.c }[f.grade];
    const lower = { A: t.a, B: t.b, C: t.c, D: null }[f.grade];
    if (lower !== null) parts.push(sql`score >= ${lower}`);
    if (upper !== null) parts.push(sql`score < ${upper}`);
  }
  if (f.label_id !== undefined)
    parts.push(sql`id in (select company_id from company_labels where label_id = ${f.label_id} and owner_id = ${scope.ownerId})`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

interface ScoredRow {
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
}

function toRow(r: ScoredRow, rank: (score: number) => number, t: GradeThresholds): RankingRow {
  const score = Number(r.score);
  return {
    id: Number(r.id),
    company_name: r.company_name,
    street_name: r.street_name,
    industry: r.industry,
    rank: rank(score),
    score,
    grade: gradeOf(score, t),
    counts: Object.fromEntries(SCORE_PARTS.map((p) => [p, Number(r[p])])) as RankingRow['counts'],
  };
}

/** One page of the ranking: rank in the whole scope (before the filters), score, grade and the counts behind them. */
export async function rankCompanies(
  deps: Deps,
  scope: ServiceScope,
  q: RankFilter & { page: number; page_size: number },
  settings?: ScoreSettings,
): Promise<RankingList> {
  const { db } = deps.db;
  const s = settings ?? (await scoreSettings(deps, scope));
  const scored = await scoredSql(deps, scope, s.weights);
  const hist = await scoreHistogram(deps, scored);
  const where = filterSql(scope, q, s.thresholds);
  const rows = (
    await sql<ScoredRow>`${scored} select scored.* from scored where ${where}
      order by score desc, id limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`.execute(db)
  ).rows;
  let total: number;
  if (q.keyword || q.street_id !== undefined || q.industry || q.label_id !== undefined) {
    const c = await sql<{ n: number }>`${scored} select count(*) as n from scored where ${where}`.execute(db);
    total = Number(c.rows[0]?.n ?? 0);
  } else {
    total = hist.filter((h) => !q.grade || gradeOf(h.score, s.thresholds) === q.grade).reduce((n, h) => n + h.n, 0);
  }
  const industries = await db
    .selectFrom('companies')
    .select('companies.industry')
    .distinct()
    .where(inScope(scope))
    .where('companies.industry', '<>', '')
    .orderBy('companies.industry')
    .execute();
  const rank = rankOf(hist);
  return {
    list: rows.map((r) => toRow(r, rank, s.thresholds)),
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
  const scored = await scoredSql(deps, scope, s.weights);
  const rank = rankOf(await scoreHistogram(deps, scored));
  const rows = (
    await sql<ScoredRow>`${scored} select scored.* from scored where ${filterSql(scope, f, s.thresholds)}
      order by score desc, id limit ${RANKING_EXPORT_MAX + 1}`.execute(deps.db.db)
  ).rows;
  return {
    rows: rows.slice(0, RANKING_EXPORT_MAX).map((r) => toRow(r, rank, s.thresholds)),
    truncated: rows.length > RANKING_EXPORT_MAX,
    settings: s,
  };
}

/** How many enterprises in scope fall in each grade with these weights and thresholds (saved or a preview). */
export async function gradeCounts(
  deps: Deps,
  scope: ServiceScope,
  weights: ScoreWeights,
  thresholds: GradeThresholds,
): Promise<{ counts: GradeCounts; total: number }> {
  const hist = await scoreHistogram(deps, await scoredSql(deps, scope, weights));
  const counts = Object.fromEntries(GRADES.map((g) => [g, 0])) as GradeCounts;
  for (const h of hist) counts[gradeOf(h.score, thresholds)] += h.n;
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
  const scored = await scoredSql(deps, scope, s.weights);
  const hist = await scoreHistogram(deps, scored);
  const rows = (await sql<ScoredRow>`${scored} select scored.* from scored where id = ${companyId}`.execute(db)).rows;
  const [row] = (await listServiceCompanies(deps, scope, { page: 1, page_size: 1, company_id: companyId })).list;
  const extra = await db.selectFrom('companies').select('credit_code').where('id', '=', companyId).executeTakeFirstOrThrow();
  return {
    company: { ...row, credit_code: extra.credit_code ?? '' },
    ranking: toRow(rows[0], rankOf(hist), s.thresholds),
    scope_total: hist.reduce((n, h) => n + h.n, 0),
    weights: s.weights,
    thresholds: s.thresholds,
  };
}
