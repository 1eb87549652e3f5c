import { sql, type RawBuilder } from 'kysely';
import {
  chinaDayStart,
  DEMAND_STATUS_LABELS,
  IPC_SECTION_LABELS,
  REGION_FIGURE_LABELS,
  REGION_MEASURE_LABELS,
  REGION_RANGE_MAX_DAYS,
  type RegionCenter,
  type RegionCenterArea,
  type RegionFigures,
  type RegionLeftList,
  type RegionMapFigures,
  type RegionMeasure,
  type RegionPatentStats,
  type RegionRankList,
  type RegionSixList,
  type StreetFigures,
} from '@ip/contract';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { chinaToday } from '../common/records';
import { getWorkingCalendar } from '../calendar/working-calendar';
import { dueSql, lightSql } from '../enterprise/demand-lights';
import { inScope, type ServiceScope } from '../enterprise/service-scope';
import { dayOf } from '../stats/stats.service';
import { currentBoundaries } from './district-map';

/**
 * The district dashboards' figures (issue 13, ADR 0051 §3): SQL aggregates over the caller's service scope (the
 * office's enterprises, a staff member's assigned ones), optionally one street, over a China-time date range. Each
 * figure is one grouped query (by street for the map, ranking and per-street table; one group for the district), so
 * no call loads the rows it counts.
 *
 * - patents: the enterprises' own portfolio patents (company_patents, not removed, not only collected), each patent
 *   once (count distinct: a patent two enterprises share counts once for the district, once in each street);
 *   valid_patents the 有权 ones, inventions the 有权 发明.
 * - visits: done visits (visit_date in the range); demands: registered in the range; open_demands: 'registered' or
 *   'assigned' now; red_demands: open demands past their current due day (the light of demand-lights.ts).
 */

export interface RegionRange {
  from: string;
  to: string;
  lo: string;
  hi: string;
}

const DAY_MS = 86_400_000;

/** The range asked for; missing ends: 1 January of this year to today (China time). */
export function regionRange(q: { date_from?: string; date_to?: string }, now: Date): RegionRange {
  const today = chinaToday(now);
  const to = q.date_to ?? (q.date_from && q.date_from > today ? q.date_from : today);
  const from = q.date_from ?? (`${to.slice(0, 4)}-01-01` <= to ? `${to.slice(0, 4)}-01-01` : to);
  if (from > to) throw badRequest('开始日期不能晚于结束日期');
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS >= REGION_RANGE_MAX_DAYS)
    throw badRequest(`日期范围不能超过 ${REGION_RANGE_MAX_DAYS} 天`);
  return { from, to, lo: chinaDayStart(from), hi: chinaDayStart(to, true) };
}

/** The `office` CTE body: the scope's enterprises (id, street_id, names), of one street when given. */
function officeSql(deps: Deps, scope: ServiceScope, streetId?: number) {
  let q = deps.db.db
    .selectFrom('companies')
    .select(['companies.id', 'companies.street_id', 'companies.company_name', 'companies.street_name'])
    .where(inScope(scope));
  if (streetId !== undefined) q = q.where('companies.street_id', '=', streetId);
  return q;
}

/**
 * A main account's done visits of the range from the stored counts (service_visit_days, migration 040, ADR 0059): the
 * same visits as the join to its office's enterprises (recorded by the office now serving the enterprise, counted in
 * the enterprise's street now), without reading them. A staff member's scope (its assignments) keeps the join.
 */
function storedVisits(scope: ServiceScope, range: RegionRange, streetId?: number) {
  return sql`owner_id = ${scope.ownerId} and status = 'done' and n > 0 and visit_day >= ${range.from}
    and visit_day <= ${range.to} ${streetId !== undefined ? sql`and street_id = ${streetId}` : sql``}`;
}

/** region_patent_cube's and region_patent_days' street of the whole district (migration 049). */
const DISTRICT = -1;

/**
 * A main account's patent figures from the stored counts (region_patent_cube, migration 049, ADR 0062 §6): per street
 * the street's counts (one patent once per street), for the district those of street -1 (each patent once).
 */
function storedPatents(scope: ServiceScope, byStreet: boolean, streetId?: number) {
  type Row = Record<string, unknown> & { k: number };
  const where = byStreet
    ? sql`street_id <> ${DISTRICT} ${streetId !== undefined ? sql`and street_id = ${streetId}` : sql``}`
    : sql`street_id = ${streetId ?? DISTRICT}`;
  return sql<Row>`select ${byStreet ? sql`street_id` : sql`0`} as k, sum(n) as patents,
      sum(case when legal_status = '有权' then n else 0 end) as valid_patents,
      sum(case when legal_status = '有权' and type = '发明' then n else 0 end) as inventions
    from region_patent_cube where owner_id = ${scope.ownerId} and n > 0 and ${where}
    ${byStreet ? sql`group by street_id` : sql``}`;
}

const OWN_PATENT = sql`cp.removed = 0 and cp.source <> 'collect'`;
const OPEN = sql`('registered', 'assigned')`;
const n = (v: unknown) => Number(v ?? 0);

const zeroFigures = (): RegionFigures => ({
  enterprises: 0,
  patents: 0,
  valid_patents: 0,
  inventions: 0,
  visits: 0,
  demands: 0,
  open_demands: 0,
  red_demands: 0,
});

/** Figures grouped by street (byStreet) or for the whole scope (one group, key 0). */
async function figures(
  deps: Deps,
  scope: ServiceScope,
  range: RegionRange,
  streetId: number | undefined,
  byStreet: boolean,
): Promise<Map<number, RegionFigures>> {
  const { db } = deps.db;
  const office = officeSql(deps, scope, streetId);
  const k: RawBuilder<number> = byStreet ? sql<number>`o.street_id` : sql<number>`0`;
  const today = chinaToday(deps.clock());
  const due = dueSql('d');
  type Row = Record<string, unknown> & { k: number };
  const run = async (q: RawBuilder<Row>) => (await q.execute(db)).rows;
  const group = byStreet ? sql`group by o.street_id` : sql``;
  const streetOnly = streetId !== undefined ? sql`and street_id = ${streetId}` : sql``;
  const [ent, pat, vis, dem, open] = await Promise.all([
    run(sql<Row>`with office as ${office} select ${k} as k, count(*) as enterprises from office o ${group}`),
    scope.isMain
      ? run(storedPatents(scope, byStreet, streetId))
      : run(sql<Row>`with office as ${office}
      select ${k} as k, count(distinct cp.patent_id) as patents,
        count(distinct case when p.legal_status = '有权' then cp.patent_id end) as valid_patents,
        count(distinct case when p.legal_status = '有权' and p.type = '发明' then cp.patent_id end) as inventions
      from company_patents cp join office o on o.id = cp.company_id join patents p on p.id = cp.patent_id
      where ${OWN_PATENT} ${group}`),
    scope.isMain
      ? run(sql<Row>`select ${byStreet ? sql`street_id` : sql`0`} as k, sum(n) as visits from service_visit_days
          where ${storedVisits(scope, range, streetId)} ${byStreet ? sql`group by street_id` : sql``}`)
      : run(sql<Row>`with office as ${office}
      select ${k} as k, count(*) as visits from visits v join office o on o.id = v.company_id
      where v.owner_id = ${scope.ownerId} and v.status = 'done' and v.visit_date >= ${range.from}
        and v.visit_date <= ${range.to} ${group}`),
    // Demands registered in the range: a main account's from the stored counts (service_demand_registered,
    // migration 040: the office's demands by the China day of registered_at and the enterprise's street now).
    scope.isMain
      ? run(sql<Row>`select ${byStreet ? sql`street_id` : sql`0`} as k, sum(n) as demands from service_demand_registered
          where owner_id = ${scope.ownerId} and registered_day >= ${range.from} and registered_day <= ${range.to}
            ${streetOnly} ${byStreet ? sql`group by street_id` : sql``}`)
      : run(sql<Row>`with office as ${office}
      select ${k} as k, count(*) as demands from demands d join office o on o.id = d.company_id
      where d.owner_id = ${scope.ownerId} and d.registered_at >= ${range.lo} and d.registered_at < ${range.hi} ${group}`),
    // Open and red: the open demands only (a closed one has no due day, dueSql).
    run(sql<Row>`with office as ${office}
      select ${k} as k, count(*) as open_demands, sum(case when ${due} < ${today} then 1 else 0 end) as red_demands
      from demands d join office o on o.id = d.company_id
      where d.owner_id = ${scope.ownerId} and d.status in ${OPEN} ${group}`),
  ]);
  const out = new Map<number, RegionFigures>();
  const at = (key: unknown) => {
    const id = n(key);
    let f = out.get(id);
    if (!f) out.set(id, (f = zeroFigures()));
    return f;
  };
  for (const rows of [ent, pat, vis, dem, open])
    for (const r of rows) {
      const f = at(r.k);
      for (const [key, v] of Object.entries(r)) if (key !== 'k') f[key as keyof RegionFigures] = n(v);
    }
  return out;
}

async function streetList(deps: Deps, streetId?: number) {
  let q = deps.db.db.selectFrom('streets').select(['id', 'name']).orderBy('sort').orderBy('id');
  if (streetId !== undefined) q = q.where('id', '=', streetId);
  return (await q.execute()).map((s) => ({ id: Number(s.id), name: s.name }));
}

const rangeOut = (r: RegionRange) => ({ date_from: r.from, date_to: r.to });

/** Per street (every street of the district, zeros included). */
export async function centerArea(
  deps: Deps,
  scope: ServiceScope,
  q: { date_from?: string; date_to?: string; street_id?: number },
): Promise<RegionCenterArea> {
  const range = regionRange(q, deps.clock());
  const [streets, byStreet] = await Promise.all([streetList(deps, q.street_id), figures(deps, scope, range, q.street_id, true)]);
  const list: StreetFigures[] = streets.map((s) => ({ street_id: s.id, name: s.name, ...(byStreet.get(s.id) ?? zeroFigures()) }));
  return { ...rangeOut(range), list };
}

export async function regionFigures(deps: Deps, scope: ServiceScope, range: RegionRange, streetId?: number) {
  return (await figures(deps, scope, range, streetId, false)).get(0) ?? zeroFigures();
}

const SIX: (keyof RegionFigures)[] = ['enterprises', 'valid_patents', 'inventions', 'visits', 'demands', 'red_demands'];

export async function sixList(
  deps: Deps,
  scope: ServiceScope,
  q: { date_from?: string; date_to?: string; street_id?: number },
): Promise<RegionSixList> {
  const range = regionRange(q, deps.clock());
  const f = await regionFigures(deps, scope, range, q.street_id);
  return {
    ...rangeOut(range),
    street_id: q.street_id ?? null,
    list: SIX.map((key) => ({ key, label: REGION_FIGURE_LABELS[key], value: f[key] })),
  };
}

export async function center(
  deps: Deps,
  scope: ServiceScope,
  q: { date_from?: string; date_to?: string; street_id?: number },
): Promise<RegionCenter> {
  const { db } = deps.db;
  const range = regionRange(q, deps.clock());
  const office = officeSql(deps, scope, q.street_id);
  const cal = await getWorkingCalendar(deps);
  const today = chinaToday(deps.clock());
  const light = lightSql(today, cal.addWorkingDays(today, 1), 'd');
  const [f, states, lights, top] = await Promise.all([
    regionFigures(deps, scope, range, q.street_id),
    scope.isMain
      ? sql<{ status: string; c: number }>`select status, sum(n) as c from service_demand_registered
          where owner_id = ${scope.ownerId} and registered_day >= ${range.from} and registered_day <= ${range.to}
            ${q.street_id !== undefined ? sql`and street_id = ${q.street_id}` : sql``}
          group by status`.execute(db)
      : sql<{ status: string; c: number }>`with office as ${office}
      select d.status, count(*) as c from demands d join office o on o.id = d.company_id
      where d.owner_id = ${scope.ownerId} and d.registered_at >= ${range.lo} and d.registered_at < ${range.hi}
      group by d.status`.execute(db),
    sql<{ red: number; yellow: number; green: number }>`with office as ${office}
      select sum(case when ${light} = 'red' then 1 else 0 end) as red,
        sum(case when ${light} = 'yellow' then 1 else 0 end) as yellow,
        sum(case when ${light} = 'green' then 1 else 0 end) as green
      from demands d join office o on o.id = d.company_id
      where d.owner_id = ${scope.ownerId} and d.status in ${OPEN}`.execute(db),
    sql<{ id: number; company_name: string; street_name: string; valid_patents: number; inventions: number }>`
      with office as ${office}
      select o.id, o.company_name, o.street_name, k.valid as valid_patents, k.valid_inventions as inventions
      from company_patent_counts k join office o on o.id = k.company_id
      where k.valid > 0 order by k.valid desc, o.id limit 5`.execute(db),
  ]);
  const byStatus = new Map(states.rows.map((r) => [r.status, n(r.c)]));
  const l = lights.rows[0];
  return {
    ...rangeOut(range),
    street_id: q.street_id ?? null,
    figures: f,
    demand_states: Object.entries(DEMAND_STATUS_LABELS).map(([status, label]) => ({
      status,
      label,
      count: byStatus.get(status) ?? 0,
    })),
    lights: { red: n(l?.red), yellow: n(l?.yellow), green: n(l?.green) },
    top_enterprises: top.rows.map((r) => ({
      id: n(r.id),
      company_name: r.company_name,
      street_name: r.street_name,
      valid_patents: n(r.valid_patents),
      inventions: n(r.inventions),
    })),
  };
}

const MEASURE_FIELD: Record<RegionMeasure, keyof RegionFigures> = {
  enterprises: 'enterprises',
  inventions: 'inventions',
  visits: 'visits',
  open_demands: 'open_demands',
  red_demands: 'red_demands',
};

/** The streets ranked by a measure (ties share a rank; then in the streets' order). */
export async function rankList(
  deps: Deps,
  scope: ServiceScope,
  q: { date_from?: string; date_to?: string; street_id?: number; measure: RegionMeasure },
): Promise<RegionRankList> {
  const area = await centerArea(deps, scope, { date_from: q.date_from, date_to: q.date_to });
  const field = MEASURE_FIELD[q.measure];
  const sorted = area.list.map((s) => ({ street_id: s.street_id, name: s.name, value: s[field] }));
  sorted.sort((a, b) => b.value - a.value);
  let rank = 0;
  const list = sorted.map((s, i) => {
    if (i === 0 || s.value !== sorted[i - 1].value) rank = i + 1;
    return { rank, ...s };
  });
  return {
    date_from: area.date_from,
    date_to: area.date_to,
    measure: q.measure,
    label: REGION_MEASURE_LABELS[q.measure],
    list,
  };
}

/** The per-street values of a measure and whether each street is on the map. */
export async function mapFigures(
  deps: Deps,
  scope: ServiceScope,
  q: { date_from?: string; date_to?: string; measure: RegionMeasure },
): Promise<RegionMapFigures> {
  const [area, map] = await Promise.all([centerArea(deps, scope, q), currentBoundaries(deps)]);
  const names = new Set(map.geojson.features.map((f) => f.properties.name));
  const field = MEASURE_FIELD[q.measure];
  return {
    date_from: area.date_from,
    date_to: area.date_to,
    version: map.version,
    measure: q.measure,
    label: REGION_MEASURE_LABELS[q.measure],
    streets: area.list.map((s) => ({ street_id: s.street_id, name: s.name, value: s[field], on_map: names.has(s.name) })),
  };
}

/** The months of a range, YYYY-MM, in order. */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > end) break;
    out.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Trends by month: patent filings and grants of the scope's patents, done visits, demands registered. */
export async function leftList(
  deps: Deps,
  scope: ServiceScope,
  q: { date_from?: string; date_to?: string; street_id?: number },
): Promise<RegionLeftList> {
  const { db, dialect } = deps.db;
  const range = regionRange(q, deps.clock());
  const office = officeSql(deps, scope, q.street_id);
  type Row = { m: string; c: number };
  // A main account's from the stored counts per day (region_patent_days, migration 049; street -1 the district), a
  // staff member's scope by its enterprises' links.
  const patentBy = (col: 'ad' | 'gd') =>
    scope.isMain
      ? sql<Row>`select substr(day, 1, 7) as m, sum(n) as c from region_patent_days
          where owner_id = ${scope.ownerId} and street_id = ${q.street_id ?? DISTRICT} and kind = ${col} and n > 0
            and day >= ${range.from} and day <= ${range.to}
          group by substr(day, 1, 7)`.execute(db)
      : sql<Row>`with office as ${office}
      select substr(p.${sql.raw(col)}, 1, 7) as m, count(distinct cp.patent_id) as c
      from company_patents cp join office o on o.id = cp.company_id join patents p on p.id = cp.patent_id
      where ${OWN_PATENT} and p.${sql.raw(col)} >= ${range.from} and p.${sql.raw(col)} <= ${range.to}
      group by substr(p.${sql.raw(col)}, 1, 7)`.execute(db);
  const demandMonth = sql`substr(${dayOf(dialect, 'd.registered_at')}, 1, 7)`;
  const [filings, grants, visits, demands] = await Promise.all([
    patentBy('ad'),
    patentBy('gd'),
    scope.isMain
      ? sql<Row>`select substr(visit_day, 1, 7) as m, sum(n) as c from service_visit_days
          where ${storedVisits(scope, range, q.street_id)} group by substr(visit_day, 1, 7)`.execute(db)
      : sql<Row>`with office as ${office}
      select substr(v.visit_date, 1, 7) as m, count(*) as c from visits v join office o on o.id = v.company_id
      where v.owner_id = ${scope.ownerId} and v.status = 'done' and v.visit_date >= ${range.from}
        and v.visit_date <= ${range.to}
      group by substr(v.visit_date, 1, 7)`.execute(db),
    sql<Row>`with office as ${office}
      select ${demandMonth} as m, count(*) as c from demands d join office o on o.id = d.company_id
      where d.owner_id = ${scope.ownerId} and d.registered_at >= ${range.lo} and d.registered_at < ${range.hi}
      group by ${demandMonth}`.execute(db),
  ]);
  const idx = (rows: Row[]) => new Map(rows.map((r) => [r.m, n(r.c)]));
  const [fm, gm, vm, dm] = [filings, grants, visits, demands].map((r) => idx(r.rows));
  return {
    ...rangeOut(range),
    street_id: q.street_id ?? null,
    months: monthsOf(range.from, range.to).map((m) => ({
      month: m,
      filings: fm.get(m) ?? 0,
      grants: gm.get(m) ?? 0,
      visits: vm.get(m) ?? 0,
      demands: dm.get(m) ?? 0,
    })),
  };
}

/**
 * /visualization/Patent: the scope's patents (of one street when given), every breakdown one grouped query. A main
 * account's from the stored counts (migration 049; ADR 0062 §6): region_patent_cube per type × legal status ×
 * application year × IPC section (street -1 the district, each patent once) and region_patent_days for the grants;
 * a staff member's scope joins its enterprises' links to patents.
 */
export async function patentStats(deps: Deps, scope: ServiceScope, q: { street_id?: number }): Promise<RegionPatentStats> {
  const { db } = deps.db;
  const office = officeSql(deps, scope, q.street_id);
  const thisYear = Number(chinaToday(deps.clock()).slice(0, 4));
  const lastYear = thisYear - 1;
  const streetOnly = q.street_id !== undefined ? sql`and street_id = ${q.street_id}` : sql``;
  // The scope's patents, each once, as `pats` with the columns type, legal_status, app_year, ipc and n (how many):
  // a main account's from the stored counts (region_patent_cube: street -1 the district), a staff member's one row
  // per patent.
  const pats = scope.isMain
    ? sql`pats as (select type, legal_status, app_year, ipc, n from region_patent_cube
          where owner_id = ${scope.ownerId} and street_id = ${q.street_id ?? DISTRICT} and n > 0)`
    : sql`office as ${office}, ids as (select distinct cp.patent_id from company_patents cp
          join office o on o.id = cp.company_id where ${OWN_PATENT}),
        pats as (select p.type, p.legal_status, p.app_year, substr(p.ipc_main, 1, 1) as ipc, p.gd, 1 as n
          from ids join patents p on p.id = ids.patent_id)`;
  type G = { g: string | number | null; c: number };
  const by = (col: string, order = sql`sum(n) desc, 1`) =>
    sql<G>`with ${pats} select ${sql.ref(col)} as g, sum(n) as c from pats group by ${sql.ref(col)} order by ${order}`.execute(
      db,
    );
  const [total, byType, byYear, byIpc, byStatus, byStreet, top, grants] = await Promise.all([
    scope.isMain
      ? sql<{ c: number }>`with ${pats} select sum(n) as c from pats`.execute(db)
      : sql<{ c: number }>`with office as ${office} select count(distinct cp.patent_id) as c
          from company_patents cp join office o on o.id = cp.company_id where ${OWN_PATENT}`.execute(db),
    by('type'),
    by('app_year', sql`1`),
    by('ipc'),
    by('legal_status'),
    scope.isMain
      ? sql<{ street_id: number; c: number; inv: number }>`select street_id, sum(n) as c,
          sum(case when type = '发明' then n else 0 end) as inv
        from region_patent_cube where owner_id = ${scope.ownerId} and n > 0 and street_id <> ${DISTRICT} ${streetOnly}
        group by street_id`.execute(db)
      : sql<{ street_id: number; c: number; inv: number }>`with office as ${office}
      select o.street_id, count(distinct cp.patent_id) as c,
        count(distinct case when p.type = '发明' then cp.patent_id end) as inv
      from company_patents cp join office o on o.id = cp.company_id join patents p on p.id = cp.patent_id
      where ${OWN_PATENT} group by o.street_id`.execute(db),
    sql<{ id: number; company_name: string; street_name: string; c: number; inv: number }>`with office as ${office}
      select o.id, o.company_name, o.street_name, k.patents as c, k.inventions as inv
      from company_patent_counts k join office o on o.id = k.company_id
      where k.patents > 0 order by k.patents desc, o.id limit 10`.execute(db),
    scope.isMain
      ? sql<G>`select substr(day, 1, 7) as g, sum(n) as c from region_patent_days
          where owner_id = ${scope.ownerId} and street_id = ${q.street_id ?? DISTRICT} and kind = 'gd' and n > 0
            and day >= ${`${lastYear}-01-01`} and day <= ${`${thisYear}-12-31`}
          group by substr(day, 1, 7)`.execute(db)
      : sql<G>`with ${pats}
      select substr(gd, 1, 7) as g, count(*) as c from pats
      where gd >= ${`${lastYear}-01-01`} and gd <= ${`${thisYear}-12-31`}
      group by substr(gd, 1, 7)`.execute(db),
  ]);
  const streets = await streetList(deps, q.street_id);
  const streetCounts = new Map(byStreet.rows.map((r) => [n(r.street_id), r]));
  const grantBy = new Map(grants.rows.map((r) => [String(r.g), n(r.c)]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const mm = String(i + 1).padStart(2, '0');
    return { month: i + 1, this_year: grantBy.get(`${thisYear}-${mm}`) ?? 0, last_year: grantBy.get(`${lastYear}-${mm}`) ?? 0 };
  });
  const named = (rows: G[], empty: string) => rows.map((r) => ({ name: r.g ? String(r.g) : empty, count: n(r.c) }));
  return {
    street_id: q.street_id ?? null,
    total: n(total.rows[0]?.c),
    by_type: named(byType.rows, '未知类型'),
    by_year: byYear.rows.filter((r) => r.g !== null && n(r.g) > 0).map((r) => ({ year: n(r.g), count: n(r.c) })),
    by_ipc: byIpc.rows
      .filter((r) => typeof r.g === 'string' && r.g in IPC_SECTION_LABELS)
      .map((r) => ({ section: String(r.g), label: IPC_SECTION_LABELS[String(r.g)], count: n(r.c) })),
    by_status: named(byStatus.rows, '未知'),
    by_street: streets.map((s) => ({
      street_id: s.id,
      name: s.name,
      count: n(streetCounts.get(s.id)?.c),
      inventions: n(streetCounts.get(s.id)?.inv),
    })),
    top_applicants: top.rows.map((r) => ({
      id: n(r.id),
      company_name: r.company_name,
      street_name: r.street_name,
      count: n(r.c),
      inventions: n(r.inv),
    })),
    grants: {
      this_year: months.reduce((s, m) => s + m.this_year, 0),
      last_year: months.reduce((s, m) => s + m.last_year, 0),
      months,
    },
  };
}
