import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely';
import { isoAddDays } from '@ip/contract';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write';
import { idRanges } from '../common/id-ranges';
import { chinaToday } from '../common/records';
import type { ScheduledTask } from '../scheduler/scheduler';

/**
 * The ranking's stored counts (issue 12, speed; ADR 0050). For every enterprise, service_company_facts holds the seven
 * counts the score multiplies by the office's weights (ADR 0043 §1):
 *   invention / utility / design — its own (not removed, not only collected) 有权 patents by type;
 *   honour — its rows in company_honors;
 *   demand — its demands in 'registered' or 'assigned' raised by the office serving it;
 *   visit — its 'done' visits by the office serving it with visit_date in (as_of − 365, as_of];
 *   litigation — distinct cases filed in (as_of − 365, as_of] with one of its names as a party.
 * `as_of` is one day for the whole table (service_facts_state, row 1). A change of a fact recomputes that enterprise's
 * row for the same as_of (refreshCompanyFacts, in the writer's transaction); the nightly task rebuilds every row for
 * the new day (rebuildCompanyFacts). Between midnight and that rebuild, the ranking adds the visits and cases that
 * entered the window since as_of and subtracts those that left it (two indexed date ranges: correctionSql), so the
 * answer is that of today's window at every moment.
 */

/** Days a visit counts towards the score, and a litigation case as "new" (ADR 0043). */
export const SCORE_VISIT_DAYS = 365;
export const SCORE_LITIGATION_DAYS = 365;
/** As far as the ranking corrects a stale as_of by date ranges; older (or later than today): a full rebuild first. */
export const FACTS_CORRECT_MAX_DAYS = 31;

type Exec = Kysely<Database>;

/** The counts taken from an enterprise's own patents: they do not depend on the day. */
const PATENT_COUNTS = ['invention', 'utility', 'design'] as const;
/** The others: honours and open demands as they stand, visits and litigation cases in the windows ending on as_of. */
const DAY_COUNTS = ['honour', 'demand', 'visit', 'litigation'] as const;
type CountColumn = (typeof PATENT_COUNTS)[number] | (typeof DAY_COUNTS)[number];

/** Which enterprises: these ids, or those with an id in (after, upTo] (upTo null: no upper end); undefined: all. */
type Scope = { ids: number[] } | { after: number; upTo: number | null };

/**
 * The counts `cols` of the enterprises in `scope` for the windows ending on `asOf`. `sqlite`: the patents are read
 * through two narrow covering indexes (INDEXED BY, as the portfolio does: ADR 0020); for a range of enterprises
 * SQLite's own plan reads their wide rows, seven times slower at 1,000,000 patents (ADR 0079).
 */
function countsSql(asOf: string, cols: readonly CountColumn[], scope?: Scope, sqlite = false): RawBuilder<unknown> {
  const visitFrom = isoAddDays(asOf, -SCORE_VISIT_DAYS);
  const litFrom = isoAddDays(asOf, -SCORE_LITIGATION_DAYS);
  const only = (col: string) => {
    if (!scope) return sql``;
    if ('ids' in scope) return sql`and ${sql.ref(col)} in (${sql.join(scope.ids)})`;
    const upTo = scope.upTo === null ? sql`` : sql`and ${sql.ref(col)} <= ${scope.upTo}`;
    return sql`and ${sql.ref(col)} > ${scope.after} ${upTo}`;
  };
  const patents = PATENT_COUNTS.some((c) => cols.includes(c));
  const day = DAY_COUNTS.some((c) => cols.includes(c));
  const patentsFrom = sqlite
    ? sql`company_patents cp indexed by company_patents_list cross join patents p indexed by patents_search_columns`
    : sql`company_patents cp cross join patents p`;
  const joins = [
    patents
      ? sql`left join (
        select cp.company_id,
          sum(case when p.type = '发明' then 1 else 0 end) as invention,
          sum(case when p.type = '实用新型' then 1 else 0 end) as utility,
          sum(case when p.type = '外观设计' then 1 else 0 end) as design
        from ${patentsFrom}
        where p.id = cp.patent_id and cp.removed = 0 and cp.source <> 'collect' and p.legal_status = '有权'
          ${only('cp.company_id')}
        group by cp.company_id) pat on pat.company_id = c.id`
      : sql``,
    day
      ? sql`left join (
        select h.company_id, count(*) as n from company_honors h where 1 = 1 ${only('h.company_id')}
        group by h.company_id) hon on hon.company_id = c.id
      left join (
        select d.company_id, count(*) as n
        from demands d join companies dc on dc.id = d.company_id and dc.service_owner_id = d.owner_id
        where d.status in ('registered', 'assigned') ${only('d.company_id')}
        group by d.company_id) dem on dem.company_id = c.id
      left join (
        select v.company_id, count(*) as n
        from visits v join companies vc on vc.id = v.company_id and vc.service_owner_id = v.owner_id
        where v.status = 'done' and v.visit_date > ${visitFrom} and v.visit_date <= ${asOf} ${only('v.company_id')}
        group by v.company_id) vis on vis.company_id = c.id
      left join (
        select cn.company_id, count(distinct lp.case_id) as n
        from company_names cn
          join litigation_parties lp on lp.name_key = cn.name
          join litigation_cases lc on lc.id = lp.case_id
        where lc.filing_date > ${litFrom} and lc.filing_date <= ${asOf} ${only('cn.company_id')}
        group by cn.company_id) lit on lit.company_id = c.id`
      : sql``,
  ];
  const value: Record<CountColumn, RawBuilder<unknown>> = {
    invention: sql`coalesce(pat.invention, 0)`,
    utility: sql`coalesce(pat.utility, 0)`,
    design: sql`coalesce(pat.design, 0)`,
    honour: sql`coalesce(hon.n, 0)`,
    demand: sql`coalesce(dem.n, 0)`,
    visit: sql`coalesce(vis.n, 0)`,
    litigation: sql`coalesce(lit.n, 0)`,
  };
  return sql`select c.id as company_id, ${sql.join(cols.map((c) => sql`${value[c]} as ${sql.ref(c)}`))}
    from companies c ${sql.join(joins, sql` `)}
    where 1 = 1 ${only('c.id')}`;
}

async function upsertCounts(
  exec: Exec,
  asOf: string,
  scope?: Scope,
  cols: readonly CountColumn[] = [...PATENT_COUNTS, ...DAY_COUNTS],
): Promise<void> {
  // Over every enterprise at once, SQLite's own plan (the patents by legal status) is the faster one.
  const sqlite = scope !== undefined && exec.getExecutor().adapter instanceof SqliteAdapter;
  await sql`insert into service_company_facts (company_id, ${sql.join(cols.map((c) => sql.ref(c)))})
    select x.company_id, ${sql.join(cols.map((c) => sql.ref(`x.${c}`)))} from (${countsSql(asOf, cols, scope, sqlite)}) x
    where 1 = 1
    on conflict (company_id) do update set
      ${sql.join(
        cols.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`),
        sql`, `,
      )}`.execute(exec);
}

/** The day the stored windowed counts were taken on; null: never built. */
export async function factsAsOf(exec: Exec): Promise<string | null> {
  const row = await exec.selectFrom('service_facts_state').select('as_of').where('id', '=', 1).executeTakeFirst();
  return row?.as_of ?? null;
}

/** How many own-patent links one transaction of the rebuild counts, about, on SQLite (tests lower it). */
export const FACTS_RANGE = { links: 20_000 };

/**
 * Recomputes every enterprise's row for the windows ending on `asOf` (default: today, Asia/Shanghai).
 *
 * The patent counts do not depend on the day: they are recomputed first, one transaction per range of enterprises
 * (FACTS_RANGE; on SQLite, where one statement over 709,076 links held the server for 2.7–3.8 s, ADR 0079), each range
 * exact when it commits, as a change of a fact would make it. Then one transaction moves the day: the other counts
 * for `asOf`, the rows of enterprises that no longer exist gone, and as_of. Until then the ranking reads the old day
 * and corrects its windows, so every answer in between is today's.
 */
export async function rebuildCompanyFacts(deps: Deps, asOf = chinaToday(deps.clock())): Promise<{ rows: number; as_of: string }> {
  const now = deps.clock().toISOString();
  for (const scope of await factsRanges(deps)) {
    await nextTurn();
    await writeTransaction(deps.db, { what: 'company facts rebuild' }, (trx) => upsertCounts(trx, asOf, scope, PATENT_COUNTS));
  }
  await nextTurn();
  return writeTransaction(deps.db, { what: 'company facts rebuild' }, async (trx) => {
    await trx
      .deleteFrom('service_company_facts')
      .where('company_id', 'not in', trx.selectFrom('companies').select('id'))
      .execute();
    await upsertCounts(trx, asOf, undefined, DAY_COUNTS);
    await trx
      .insertInto('service_facts_state')
      .values({ id: 1, as_of: asOf, built_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ as_of: asOf, built_at: now }))
      .execute();
    const n = await trx
      .selectFrom('service_company_facts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows: Number(n.n), as_of: asOf };
  });
}

/**
 * The rebuild's ranges of enterprises: on PostgreSQL, whose queries do not hold the event loop, one; on SQLite, ranges
 * of about FACTS_RANGE.links own-patent links each, the last one open-ended (every enterprise is in one).
 */
async function factsRanges(deps: Deps): Promise<Scope[]> {
  if (deps.db.dialect !== 'sqlite') return [{ after: 0, upTo: null }];
  const { rows } = await sql<{ id: number; n: number }>`select cp.company_id as id, count(*) as n
    from company_patents cp indexed by company_patents_list where cp.removed = 0 and cp.source <> 'collect'
    group by cp.company_id order by cp.company_id`.execute(deps.db.db);
  const ranges = idRanges(
    rows.map((r) => ({ id: Number(r.id), n: Number(r.n) })),
    FACTS_RANGE.links,
  );
  if (!ranges.length) return [{ after: 0, upTo: null }];
  return ranges.map(([after, upTo], i) => ({ after, upTo: i === ranges.length - 1 ? null : upTo }));
}

/**
 * Recomputes the rows of `companyIds` (every enterprise when undefined: after a patent import) after one of their
 * facts changed, for the stored as_of; call it inside the writer's transaction (`exec`). Nothing to do while the
 * table was never built (the first ranking builds it whole).
 */
export async function refreshCompanyFacts(exec: Exec, companyIds?: number[]): Promise<void> {
  const asOf = await factsAsOf(exec);
  if (!asOf) return;
  if (companyIds === undefined) return upsertCounts(exec, asOf);
  const ids = [...new Set(companyIds.map(Number).filter((id) => id > 0))];
  for (let i = 0; i < ids.length; i += 500) await upsertCounts(exec, asOf, { ids: ids.slice(i, i + 500) });
}

/**
 * The as_of the ranking reads with today: the stored one when it is today or at most FACTS_CORRECT_MAX_DAYS back
 * (the ranking corrects the windows); otherwise (never built, far behind, or later than today) a rebuild for today.
 */
export async function readyFacts(deps: Deps): Promise<{ asOf: string; today: string }> {
  const today = chinaToday(deps.clock());
  const asOf = await factsAsOf(deps.db.db);
  if (asOf && asOf <= today && isoAddDays(asOf, FACTS_CORRECT_MAX_DAYS) >= today) return { asOf, today };
  await rebuildCompanyFacts(deps, today);
  return { asOf: today, today };
}

/**
 * CTEs `vdelta` and `ldelta` (company_id, n): what today's windows differ from the stored ones by, for an office
 * (`office` CTE of the enterprises in scope). Visits and cases that entered the window in (asOf, today] count +1,
 * those that left it in (asOf − 365, today − 365] −1; the two ranges never overlap (asOf is ≤ 31 days back).
 */
export function correctionSql(ownerId: number, asOf: string, today: string): RawBuilder<unknown> {
  const vFromOld = isoAddDays(asOf, -SCORE_VISIT_DAYS);
  const vFromNew = isoAddDays(today, -SCORE_VISIT_DAYS);
  const lFromOld = isoAddDays(asOf, -SCORE_LITIGATION_DAYS);
  const lFromNew = isoAddDays(today, -SCORE_LITIGATION_DAYS);
  return sql`vdelta as (
    select company_id, sum(n) as n from (
      select company_id, 1 as n from visits
      where owner_id = ${ownerId} and status = 'done' and visit_date > ${asOf} and visit_date <= ${today}
      union all
      select company_id, -1 as n from visits
      where owner_id = ${ownerId} and status = 'done' and visit_date > ${vFromOld} and visit_date <= ${vFromNew}) x
    group by company_id),
  ldelta as (
    select cn.company_id,
      count(distinct case when lc.filing_date > ${asOf} then lc.id end)
        - count(distinct case when lc.filing_date <= ${lFromNew} then lc.id end) as n
    from litigation_cases lc
      join litigation_parties lp on lp.case_id = lc.id
      join company_names cn on cn.name = lp.name_key
    where ((lc.filing_date > ${asOf} and lc.filing_date <= ${today})
        or (lc.filing_date > ${lFromOld} and lc.filing_date <= ${lFromNew}))
      and cn.company_id in (select id from office)
    group by cn.company_id)`;
}

/** Each night at 00:10 (Asia/Shanghai), and once at start: every row again for the new day (consistency too). */
export const companyFactsTask: ScheduledTask = {
  name: 'company-facts-rebuild',
  cron: '0 10 0 * * *',
  runAtStart: true,
  run: (deps) => rebuildCompanyFacts(deps),
};
