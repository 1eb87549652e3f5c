import { sql, type AliasedSelectQueryBuilder, type ExpressionBuilder, type RawBuilder } from 'kysely';
import {
  chinaDayStart,
  DEMAND_STATUS_LABELS,
  DEMAND_STATUSES,
  isoAddDays,
  SERVICE_STATS_RANGE_MAX_DAYS,
  VISIT_STATUSES,
  type ServiceStatsMonthRow,
  type ServiceCenter,
  type ServiceCenterType,
  type ServiceStatsCompanyList,
  type ServiceCompanyListQuery,
  type ServiceMonths,
  type ServiceStaffStats,
  type ServiceStatsScope,
  type ServiceStreetOption,
  type ServiceStreetRates,
  type ServiceStreets,
  type VisitStatus,
} from '@ip/contract';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { getWorkingCalendar } from '../calendar/working-calendar';
import { chinaToday } from '../common/records';
import { lightSql } from '../enterprise/demand-lights';
import { inScope, type ServiceScope } from '../enterprise/service-scope';
import { dayOf } from '../stats/stats.service';

/**
 * The enterprise-service dashboards (issue 13, ADR 0052): visits and demands of the caller's scope (a main account
 * its office, a staff member its own enterprises, service-scope.ts) by street, staff and month. Every figure is one
 * SQL aggregate (no rows loaded into the server); China days and months of ISO times come from the database
 * (dayOf), visit days are already YYYY-MM-DD. "Handled within its limit" (按时办结): a demand whose handled_at falls
 * in the range and whose China day is on or before its close_due.
 */

export interface StatsFilter {
  date_from?: string;
  date_to?: string;
  street_id?: number;
  staff_id?: number;
}

interface Resolved extends ServiceStatsScope {
  lo: string;
  hi: string;
  /** The staff member whose enterprises count (a staff caller always itself), undefined for the whole office. */
  staff?: number;
  street?: number;
}

const VISIT_STATUS_LABELS: Record<VisitStatus, string> = { plan: '待走访', done: '已走访', cancelled: '已取消' };

/** The range: default the 12 calendar months ending with this month; at most two years; start after end is a 400. */
export function resolveFilter(f: StatsFilter, scope: ServiceScope, now: Date): Resolved {
  const today = chinaToday(now);
  const to = f.date_to ?? (f.date_from && f.date_from > today ? f.date_from : today);
  const firstOfMonth = `${to.slice(0, 7)}-01`;
  const d = new Date(`${firstOfMonth}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 11);
  const from = f.date_from ?? d.toISOString().slice(0, 10);
  if (from > to) throw badRequest('开始日期不能晚于结束日期');
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 >= SERVICE_STATS_RANGE_MAX_DAYS)
    throw badRequest(`日期范围不能超过 ${SERVICE_STATS_RANGE_MAX_DAYS} 天`);
  const staff = scope.isMain ? f.staff_id : scope.userId;
  return {
    date_from: from,
    date_to: to,
    street_id: f.street_id ?? null,
    staff_id: scope.isMain ? (f.staff_id ?? null) : null,
    lo: chinaDayStart(from),
    hi: chinaDayStart(to, true),
    staff,
    street: f.street_id,
  };
}

const n = (v: unknown) => Number(v ?? 0);
const rate = (onTime: number, handled: number) => (handled > 0 ? Math.round((onTime / handled) * 1000) / 10 : null);

/** The scope's enterprises (with the street filter) as a filter on `companies`. */
function companyFilter(scope: ServiceScope, r: Resolved) {
  const base = inScope(scope, scope.isMain ? r.staff : undefined);
  return (eb: ExpressionBuilder<Database, 'companies'>) =>
    r.street ? eb.and([base(eb), eb('companies.street_id', '=', r.street)]) : base(eb);
}

/**
 * The visit figures come from the stored counts per office × street × visitor × state × day (service_visit_days,
 * migration 040, ADR 0059) instead of a year of visits joined to their enterprises: the same visits (recorded by the
 * office now serving the enterprise, in the enterprise's street now), n of them per row. A staff scope (inScope: the
 * enterprises assigned to it directly or through one of its streets) is the stored rows of its streets, plus its
 * directly assigned enterprises outside those streets joined visit by visit (n = 1 each; ADR 0059 §6): each visit of
 * the scope once, as the join counted it.
 */
function visitDaysQ(deps: Deps, scope: ServiceScope, r: Resolved) {
  const { db } = deps.db;
  const stored = db.selectFrom('service_visit_days').where('owner_id', '=', scope.ownerId).where('n', '>', 0);
  const q = r.street ? stored.where('street_id', '=', r.street) : stored;
  if (r.staff === undefined) return q;
  const staff = r.staff;
  const streets = db.selectFrom('staff_streets').select('staff_streets.street_id').where('staff_streets.staff_id', '=', staff);
  const ofStreets = q.where('street_id', 'in', streets).select(['owner_id', 'visit_day', 'street_id', 'staff_id', 'status', 'n']);
  // Driven from the staff member's assignments (few rows), not from the office's visits.
  const direct = db
    .selectFrom('staff_companies')
    .innerJoin('companies', 'companies.id', 'staff_companies.company_id')
    .innerJoin('visits', 'visits.company_id', 'companies.id')
    .where('staff_companies.staff_id', '=', staff)
    .where('companies.service_owner_id', '=', scope.ownerId)
    .where('visits.owner_id', '=', scope.ownerId)
    .where('companies.street_id', 'not in', streets)
    .$if(!!r.street, (x) => x.where('companies.street_id', '=', r.street!))
    .select([
      'visits.owner_id',
      sql<string>`(case when visits.status = 'done' then visits.visit_date else visits.plan_date end)`.as('visit_day'),
      'companies.street_id',
      'visits.staff_id',
      'visits.status',
      sql<number>`1`.as('n'),
    ]);
  // The union under the stored table's name, so every reader below sums it as it sums the table.
  return db.selectFrom(ofStreets.unionAll(direct as never).as('service_visit_days')) as unknown as typeof q;
}

/**
 * The same for demands (migration 040): registered per office × China day × street × state × label, and handled per
 * office × China day × street × handler × on time. A range of China days [date_from, date_to] is the same as the ISO
 * bounds [lo, hi) the join path compares registered_at / handled_at with (chinaDayStart).
 */
function registeredQ(deps: Deps, scope: ServiceScope, r: Resolved) {
  if (r.staff !== undefined) return undefined;
  const q = deps.db.db
    .selectFrom('service_demand_registered')
    .where('service_demand_registered.owner_id', '=', scope.ownerId)
    .where('service_demand_registered.n', '>', 0)
    .where('service_demand_registered.registered_day', '>=', r.date_from)
    .where('service_demand_registered.registered_day', '<=', r.date_to);
  return r.street ? q.where('service_demand_registered.street_id', '=', r.street) : q;
}
function handledQ(deps: Deps, scope: ServiceScope, r: Resolved) {
  if (r.staff !== undefined) return undefined;
  const q = deps.db.db
    .selectFrom('service_demand_handled')
    .where('service_demand_handled.owner_id', '=', scope.ownerId)
    .where('service_demand_handled.n', '>', 0)
    .where('service_demand_handled.handled_day', '>=', r.date_from)
    .where('service_demand_handled.handled_day', '<=', r.date_to);
  return r.street ? q.where('service_demand_handled.street_id', '=', r.street) : q;
}
const OPEN = ['registered', 'assigned'] as const;

/** The demands in scope: of the scope's enterprises, and for a staff member also those it handles (as the demand list). */
function demandsQ(deps: Deps, scope: ServiceScope, r: Resolved) {
  const q = deps.db.db
    .selectFrom('demands')
    .innerJoin('companies', 'companies.id', 'demands.company_id')
    .where('demands.owner_id', '=', scope.ownerId);
  const street = r.street;
  const staffQ = street ? q.where('companies.street_id', '=', street) : q;
  if (r.staff === undefined) return staffQ;
  const staff = r.staff;
  const inner = companyFilter(scope, { ...r, street: undefined });
  return staffQ.where((eb) =>
    eb.or([
      eb('demands.handler_id', '=', staff),
      eb('demands.company_id', 'in', eb.selectFrom('companies').select('companies.id').where(inner)),
    ]),
  );
}

function handledSql(deps: Deps, r: Resolved): RawBuilder<number> {
  return sql<number>`(case when demands.handled_at >= ${r.lo} and demands.handled_at < ${r.hi} then 1 else 0 end)`;
}
function onTimeSql(deps: Deps, r: Resolved): RawBuilder<number> {
  return sql<number>`(case when demands.handled_at >= ${r.lo} and demands.handled_at < ${r.hi}
    and ${dayOf(deps.db.dialect, 'demands.handled_at')} <= demands.close_due then 1 else 0 end)`;
}
const registeredSql = (r: Resolved) =>
  sql<number>`(case when demands.registered_at >= ${r.lo} and demands.registered_at < ${r.hi} then 1 else 0 end)`;

function scopeOf(r: Resolved): ServiceStatsScope {
  return { date_from: r.date_from, date_to: r.date_to, street_id: r.street_id, staff_id: r.staff_id };
}

async function lightDays(deps: Deps) {
  const cal = await getWorkingCalendar(deps);
  const today = chinaToday(deps.clock());
  return { today, next: cal.addWorkingDays(today, 1) };
}

/** GET /v1/visit/center */
export async function center(deps: Deps, scope: ServiceScope, f: StatsFilter): Promise<ServiceCenter> {
  const r = resolveFilter(f, scope, deps.clock());
  const { db } = deps.db;
  const ld = await lightDays(deps);
  const today = ld.today;
  const monday = isoAddDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const sunday = isoAddDays(monday, 6);
  const month = `${today.slice(0, 7)}-01`;
  const lowest = [r.date_from, month, monday].sort()[0];
  const enterprises = await db
    .selectFrom('companies')
    .where(companyFilter(scope, r))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // Valid inventions, each patent once: a main account's whole office (or one street) from the stored counts
  // (region_patent_cube, migration 049: street -1 the district); a staff scope from the stored rows of its streets
  // (region_patents' invention rows, a partial index of 049) plus the links of the enterprises assigned to it
  // directly, the union counting a patent once — as the join over the scope's links counted it.
  const streetOnly = (col: string) => (r.street !== undefined ? sql`and ${sql.ref(col)} = ${r.street}` : sql``);
  const inventions =
    r.staff === undefined
      ? await db
          .selectFrom('region_patent_cube')
          .where('owner_id', '=', scope.ownerId)
          .where('street_id', '=', r.street ?? -1)
          .where('type', '=', '发明')
          .where('legal_status', '=', '有权')
          .where('n', '>', 0)
          .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
          .executeTakeFirstOrThrow()
      : (
          await sql<{ n: number }>`select count(*) as n from (
              select rp.patent_id from region_patents rp
              where rp.owner_id = ${scope.ownerId} and rp.invention = 1 and rp.n > 0 ${streetOnly('rp.street_id')}
                and rp.street_id in (select street_id from staff_streets where staff_id = ${r.staff})
              union
              select cp.patent_id from company_patents cp
              join companies c on c.id = cp.company_id
              join patents p on p.id = cp.patent_id
              where c.service_owner_id = ${scope.ownerId} ${streetOnly('c.street_id')}
                and c.id in (select company_id from staff_companies where staff_id = ${r.staff})
                and cp.removed = 0 and cp.source <> 'collect' and p.type = '发明' and p.legal_status = '有权'
            ) x`.execute(db)
        ).rows[0];
  const v = await visitDaysQ(deps, scope, r)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'plan'), eb('visit_day', '>=', monday), eb('visit_day', '<=', sunday)]),
        eb.and([eb('status', '=', 'done'), eb('visit_day', '>=', lowest)]),
      ]),
    )
    .select([
      sql<number>`sum(case when status in ('plan', 'done') and visit_day >= ${today} and visit_day <= ${today} then n else 0 end)`.as(
        'today',
      ),
      sql<number>`sum(case when status in ('plan', 'done') and visit_day >= ${monday} and visit_day <= ${sunday} then n else 0 end)`.as(
        'week',
      ),
      sql<number>`sum(case when status = 'done' and visit_day >= ${month} and visit_day <= ${today} then n else 0 end)`.as(
        'month',
      ),
      sql<number>`sum(case when status = 'done' and visit_day >= ${r.date_from} and visit_day <= ${r.date_to} then n else 0 end)`.as(
        'range',
      ),
    ])
    .executeTakeFirstOrThrow();
  const light = lightSql(ld.today, ld.next);
  const reg = registeredQ(deps, scope, r);
  const hand = handledQ(deps, scope, r);
  const d =
    reg && hand
      ? {
          ...(await demandsQ(deps, scope, r)
            .where('demands.status', 'in', OPEN)
            .select([
              (eb) => eb.fn.countAll<number>().as('open'),
              sql<number>`sum(case when ${light} = 'red' then 1 else 0 end)`.as('red'),
              sql<number>`sum(case when ${light} = 'yellow' then 1 else 0 end)`.as('yellow'),
            ])
            .executeTakeFirstOrThrow()),
          ...(await reg.select(sql<number>`sum(n)`.as('registered')).executeTakeFirstOrThrow()),
          ...(await hand
            .select([sql<number>`sum(n)`.as('handled'), sql<number>`sum(case when on_time = 1 then n else 0 end)`.as('on_time')])
            .executeTakeFirstOrThrow()),
        }
      : await demandsQ(deps, scope, r)
          .select([
            sql<number>`sum(case when demands.status in ('registered', 'assigned') then 1 else 0 end)`.as('open'),
            sql<number>`sum(case when ${light} = 'red' then 1 else 0 end)`.as('red'),
            sql<number>`sum(case when ${light} = 'yellow' then 1 else 0 end)`.as('yellow'),
            sql<number>`sum(${registeredSql(r)})`.as('registered'),
            sql<number>`sum(${handledSql(deps, r)})`.as('handled'),
            sql<number>`sum(${onTimeSql(deps, r)})`.as('on_time'),
          ])
          .executeTakeFirstOrThrow();
  return {
    ...scopeOf(r),
    enterprises: n(enterprises.n),
    granted_inventions: n(inventions.n),
    visits_today: n(v.today),
    visits_week: n(v.week),
    visits_month: n(v.month),
    open_demands: n(d.open),
    red_demands: n(d.red),
    yellow_demands: n(d.yellow),
    visits: n(v.range),
    demands: n(d.registered),
    handled: n(d.handled),
    on_time: n(d.on_time),
    on_time_rate: rate(n(d.on_time), n(d.handled)),
  };
}

/** GET /v1/visit/centertype */
export async function centerType(deps: Deps, scope: ServiceScope, f: StatsFilter): Promise<ServiceCenterType> {
  const r = resolveFilter(f, scope, deps.clock());
  const ld = await lightDays(deps);
  const vs = await visitDaysQ(deps, scope, r)
    .where('visit_day', '>=', r.date_from)
    .where('visit_day', '<=', r.date_to)
    .select(['status', sql<number>`sum(n)`.as('n')])
    .groupBy('status')
    .execute();
  const reg = registeredQ(deps, scope, r);
  const ds = reg
    ? await reg
        .select(['status', sql<number>`sum(n)`.as('n')])
        .groupBy('status')
        .execute()
    : await demandsQ(deps, scope, r)
        .where('demands.registered_at', '>=', r.lo)
        .where('demands.registered_at', '<', r.hi)
        .select(['demands.status as status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('demands.status')
        .execute();
  const light = lightSql(ld.today, ld.next);
  const lights = await demandsQ(deps, scope, r)
    .where('demands.status', 'in', OPEN)
    .select([
      sql<number>`sum(case when ${light} = 'red' then 1 else 0 end)`.as('red'),
      sql<number>`sum(case when ${light} = 'yellow' then 1 else 0 end)`.as('yellow'),
      sql<number>`sum(case when ${light} = 'green' then 1 else 0 end)`.as('green'),
    ])
    .executeTakeFirstOrThrow();
  const labels = reg
    ? await reg
        .leftJoin('service_labels as l', 'l.id', 'service_demand_registered.label_id')
        .select([
          'service_demand_registered.label_id as label_id',
          'l.name',
          sql<number>`sum(service_demand_registered.n)`.as('n'),
        ])
        .groupBy(['service_demand_registered.label_id', 'l.name'])
        .orderBy(sql`sum(service_demand_registered.n)`, 'desc')
        .orderBy('service_demand_registered.label_id')
        .execute()
    : await demandsQ(deps, scope, r)
        .leftJoin('service_labels as l', 'l.id', 'demands.label_id')
        .where('demands.registered_at', '>=', r.lo)
        .where('demands.registered_at', '<', r.hi)
        .select(['demands.label_id as label_id', 'l.name', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['demands.label_id', 'l.name'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('demands.label_id')
        .execute();
  const vmap = new Map(vs.map((x) => [x.status, n(x.n)]));
  const dmap = new Map(ds.map((x) => [x.status, n(x.n)]));
  return {
    ...scopeOf(r),
    visits_by_status: VISIT_STATUSES.map((k) => ({ key: k, label: VISIT_STATUS_LABELS[k], count: vmap.get(k) ?? 0 })),
    demands_by_status: DEMAND_STATUSES.map((k) => ({ key: k, label: DEMAND_STATUS_LABELS[k], count: dmap.get(k) ?? 0 })),
    lights: { red: n(lights.red), yellow: n(lights.yellow), green: n(lights.green) },
    demands_by_label: labels.map((x) => ({
      label_id: n(x.label_id),
      name: x.name ?? (n(x.label_id) ? '已删除的类型' : '未分类'),
      count: n(x.n),
    })),
  };
}

/** The months of the range, YYYY-MM, in order. */
function monthsOf(r: Resolved): string[] {
  const out: string[] = [];
  const d = new Date(`${r.date_from.slice(0, 7)}-01T00:00:00Z`);
  const last = r.date_to.slice(0, 7);
  for (;;) {
    const m = d.toISOString().slice(0, 7);
    if (m > last) break;
    out.push(m);
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** GET /v1/visit/getleftlist */
export async function byMonth(deps: Deps, scope: ServiceScope, f: StatsFilter): Promise<ServiceMonths> {
  const r = resolveFilter(f, scope, deps.clock());
  const dm = sql<string>`substr(visit_day, 1, 7)`;
  const vs = await visitDaysQ(deps, scope, r)
    .where('status', '=', 'done')
    .where('visit_day', '>=', r.date_from)
    .where('visit_day', '<=', r.date_to)
    .select([dm.as('month'), sql<number>`sum(n)`.as('n')])
    .groupBy(dm)
    .execute();
  const dialect = deps.db.dialect;
  const rm = sql<string>`substr(${dayOf(dialect, 'demands.registered_at')}, 1, 7)`;
  const reg = registeredQ(deps, scope, r);
  const regMonth = sql<string>`substr(registered_day, 1, 7)`;
  const ds = reg
    ? await reg
        .select([regMonth.as('month'), sql<number>`sum(n)`.as('n')])
        .groupBy(regMonth)
        .execute()
    : await demandsQ(deps, scope, r)
        .where('demands.registered_at', '>=', r.lo)
        .where('demands.registered_at', '<', r.hi)
        .select([rm.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(rm)
        .execute();
  const hm = sql<string>`substr(${dayOf(dialect, 'demands.handled_at')}, 1, 7)`;
  const hand = handledQ(deps, scope, r);
  const handMonth = sql<string>`substr(handled_day, 1, 7)`;
  const hs = hand
    ? await hand
        .select([
          handMonth.as('month'),
          sql<number>`sum(n)`.as('n'),
          sql<number>`sum(case when on_time = 1 then n else 0 end)`.as('on_time'),
        ])
        .groupBy(handMonth)
        .execute()
    : await demandsQ(deps, scope, r)
        .where('demands.handled_at', '>=', r.lo)
        .where('demands.handled_at', '<', r.hi)
        .select([hm.as('month'), (eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(${onTimeSql(deps, r)})`.as('on_time')])
        .groupBy(hm)
        .execute();
  const rows = new Map<string, ServiceStatsMonthRow>(
    monthsOf(r).map((m) => [m, { month: m, visits: 0, demands: 0, handled: 0, on_time: 0 }]),
  );
  for (const x of vs) {
    const row = rows.get(x.month);
    if (row) row.visits = n(x.n);
  }
  for (const x of ds) {
    const row = rows.get(x.month);
    if (row) row.demands = n(x.n);
  }
  for (const x of hs) {
    const row = rows.get(x.month);
    if (row) {
      row.handled = n(x.n);
      row.on_time = n(x.on_time);
    }
  }
  return { ...scopeOf(r), list: [...rows.values()] };
}

/** GET /v1/visit/getrightlist: per visiting staff member (and handler), busiest first. */
export async function byStaff(deps: Deps, scope: ServiceScope, f: StatsFilter): Promise<ServiceStaffStats> {
  const r = resolveFilter(f, scope, deps.clock());
  const { db } = deps.db;
  const vs = await visitDaysQ(deps, scope, r)
    .where('status', 'in', ['done', 'plan'])
    .where('visit_day', '>=', r.date_from)
    .where('visit_day', '<=', r.date_to)
    .select([
      'staff_id',
      sql<number>`sum(case when status = 'done' then n else 0 end)`.as('visits'),
      sql<number>`sum(case when status = 'plan' then n else 0 end)`.as('plans'),
    ])
    .groupBy('staff_id')
    .execute();
  const hand = handledQ(deps, scope, r);
  const hs = hand
    ? await hand
        .where('handler_id', '>', 0)
        .select([
          'handler_id',
          sql<number>`sum(n)`.as('n'),
          sql<number>`sum(case when on_time = 1 then n else 0 end)`.as('on_time'),
        ])
        .groupBy('handler_id')
        .execute()
    : await demandsQ(deps, scope, r)
        .where('demands.handled_at', '>=', r.lo)
        .where('demands.handled_at', '<', r.hi)
        .where('demands.handler_id', '>', 0)
        .select([
          'demands.handler_id as handler_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`sum(${onTimeSql(deps, r)})`.as('on_time'),
        ])
        .groupBy('demands.handler_id')
        .execute();
  const ids = [...new Set([...vs.map((x) => n(x.staff_id)), ...hs.map((x) => n(x.handler_id))])];
  const names = ids.length ? await db.selectFrom('users').select(['id', 'name', 'mobile']).where('id', 'in', ids).execute() : [];
  const nameOf = new Map(names.map((u) => [n(u.id), u.name || u.mobile]));
  const rows = new Map(
    ids.map((id) => [id, { staff_id: id, name: nameOf.get(id) ?? `人员${id}`, visits: 0, plans: 0, handled: 0, on_time: 0 }]),
  );
  for (const x of vs) Object.assign(rows.get(n(x.staff_id))!, { visits: n(x.visits), plans: n(x.plans) });
  for (const x of hs) Object.assign(rows.get(n(x.handler_id))!, { handled: n(x.n), on_time: n(x.on_time) });
  const list = [...rows.values()]
    .map((x) => ({ ...x, on_time_rate: rate(x.on_time, x.handled) }))
    .sort((a, b) => b.visits - a.visits || b.handled - a.handled || a.staff_id - b.staff_id);
  return { ...scopeOf(r), list };
}

/** Per street: enterprises, done visits and registered demands in the range, open and red demands now. */
export async function byStreet(deps: Deps, scope: ServiceScope, f: StatsFilter): Promise<ServiceStreets> {
  const r = resolveFilter(f, scope, deps.clock());
  const { db } = deps.db;
  const ld = await lightDays(deps);
  const ents = await db
    .selectFrom('companies')
    .where(companyFilter(scope, r))
    .select([
      'companies.street_id',
      sql<string>`max(companies.street_name)`.as('street_name'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .groupBy('companies.street_id')
    .execute();
  const vs = await visitDaysQ(deps, scope, r)
    .where('status', '=', 'done')
    .where('visit_day', '>=', r.date_from)
    .where('visit_day', '<=', r.date_to)
    .select(['street_id', sql<number>`sum(n)`.as('n')])
    .groupBy('street_id')
    .execute();
  const light = lightSql(ld.today, ld.next);
  const reg = registeredQ(deps, scope, r);
  // Office-wide: registered from the stored counts, open and red from the open demands (every street of a demand in
  // scope is a street of `ents`, which names it first).
  const ds = reg
    ? await (async () => {
        const open = await demandsQ(deps, scope, r)
          .where('demands.status', 'in', OPEN)
          .select([
            'companies.street_id',
            sql<string>`max(companies.street_name)`.as('street_name'),
            (eb) => eb.fn.countAll<number>().as('open'),
            sql<number>`sum(case when ${light} = 'red' then 1 else 0 end)`.as('red'),
          ])
          .groupBy('companies.street_id')
          .execute();
        const registered = await reg
          .select(['street_id', sql<number>`sum(n)`.as('n')])
          .groupBy('street_id')
          .execute();
        const merged = new Map(open.map((x) => [n(x.street_id), { ...x, registered: 0 as number }]));
        for (const x of registered) {
          const m = merged.get(n(x.street_id)) ?? { street_id: x.street_id, street_name: '', open: 0, red: 0, registered: 0 };
          merged.set(n(x.street_id), { ...m, registered: n(x.n) });
        }
        return [...merged.values()];
      })()
    : await demandsQ(deps, scope, r)
        .select([
          'companies.street_id',
          sql<string>`max(companies.street_name)`.as('street_name'),
          sql<number>`sum(${registeredSql(r)})`.as('registered'),
          sql<number>`sum(case when demands.status in ('registered', 'assigned') then 1 else 0 end)`.as('open'),
          sql<number>`sum(case when ${light} = 'red' then 1 else 0 end)`.as('red'),
        ])
        .groupBy('companies.street_id')
        .execute();
  const rows = new Map<number, ServiceStreets['list'][number]>();
  const row = (id: number, name: string) => {
    let x = rows.get(id);
    if (!x) {
      x = {
        street_id: id,
        street_name: name || '未划分街道',
        enterprises: 0,
        visits: 0,
        demands: 0,
        open_demands: 0,
        red_demands: 0,
      };
      rows.set(id, x);
    }
    return x;
  };
  for (const x of ents) row(n(x.street_id), x.street_name).enterprises = n(x.n);
  for (const x of vs) row(n(x.street_id), '').visits = n(x.n);
  for (const x of ds)
    Object.assign(row(n(x.street_id), x.street_name), {
      demands: n(x.registered),
      open_demands: n(x.open),
      red_demands: n(x.red),
    });
  return { ...scopeOf(r), list: [...rows.values()].sort((a, b) => b.visits - a.visits || a.street_id - b.street_id) };
}

/** GET /v1/street/centerrat: demands handled in the range per street, and how many within their limit. */
export async function streetRates(deps: Deps, scope: ServiceScope, f: StatsFilter): Promise<ServiceStreetRates> {
  const r = resolveFilter(f, scope, deps.clock());
  const hs = await demandsQ(deps, scope, r)
    .where('demands.handled_at', '>=', r.lo)
    .where('demands.handled_at', '<', r.hi)
    .select([
      'companies.street_id',
      sql<string>`max(companies.street_name)`.as('street_name'),
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<number>`sum(${onTimeSql(deps, r)})`.as('on_time'),
    ])
    .groupBy('companies.street_id')
    .execute();
  const list = hs
    .map((x) => ({
      street_id: n(x.street_id),
      street_name: x.street_name || '未划分街道',
      handled: n(x.n),
      on_time: n(x.on_time),
      on_time_rate: rate(n(x.on_time), n(x.n)),
    }))
    .sort((a, b) => b.handled - a.handled || a.street_id - b.street_id);
  return { ...scopeOf(r), list };
}

/** GET /v1/street/getleftlist: the streets the scope's enterprises are in. */
export async function streetOptions(deps: Deps, scope: ServiceScope, f: StatsFilter): Promise<ServiceStreetOption[]> {
  const r = resolveFilter({ ...f, street_id: undefined }, scope, deps.clock());
  const rows = await deps.db.db
    .selectFrom('companies')
    .where(companyFilter(scope, r))
    .select([
      'companies.street_id',
      sql<string>`max(companies.street_name)`.as('street_name'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .groupBy('companies.street_id')
    .orderBy('companies.street_id')
    .execute();
  return rows.map((x) => ({ street_id: n(x.street_id), street_name: x.street_name || '未划分街道', enterprises: n(x.n) }));
}

/**
 * The stored 12-month window (service_visit_windows) a range is served by: a range from the first day of a month to
 * a day of the 11th month after it (the default range). `from` is its first month (YYYY-MM, also the lowest visit_date
 * of that month), `after` the month after its last (every visit_date of the window's months is below it).
 */
function visitWindow(r: Resolved): { from: string; after: string } | undefined {
  if (!r.date_from.endsWith('-01')) return undefined;
  const month = (k: number) => {
    const d = new Date(`${r.date_from.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + k);
    return d.toISOString().slice(0, 7);
  };
  return r.date_to.slice(0, 7) === month(11) ? { from: month(0), after: month(12) } : undefined;
}

/** GET /v1/street/getrightlist: the enterprises with their visits and demands in the range, paged. */
export async function companyList(
  deps: Deps,
  scope: ServiceScope,
  q: StatsFilter & { page: number; page_size: number; sort: NonNullable<ServiceCompanyListQuery['sort']> },
): Promise<ServiceStatsCompanyList> {
  const r = resolveFilter(q, scope, deps.clock());
  const { db } = deps.db;
  // Per enterprise, one indexed seek each (visits_company_owner, demands_company_owner; migration 041): only
  // the sort key for every enterprise of the scope, the other figures for the page's rows alone.
  const figures = (id: string) => {
    const c = sql.ref(id);
    const done = sql`from visits where visits.owner_id = ${scope.ownerId} and visits.status = 'done' and visits.company_id = ${c}
      and visits.visit_date >= ${r.date_from} and visits.visit_date <= ${r.date_to}`;
    const dem = sql`from demands where demands.company_id = ${c} and demands.owner_id = ${scope.ownerId}`;
    return {
      visits: sql<number>`(select count(*) ${done})`,
      last: sql<string | null>`(select max(visits.visit_date) ${done})`,
      demands: sql<number>`(select count(*) ${dem} and demands.registered_at >= ${r.lo} and demands.registered_at < ${r.hi})`,
      open: sql<number>`(select count(*) ${dem} and demands.status in ('registered', 'assigned'))`,
    };
  };
  const base = db.selectFrom('companies').where(companyFilter(scope, r));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const key = figures('companies.id');
  const sortKey: RawBuilder<unknown> =
    q.sort === 'name'
      ? sql<string>`companies.company_name`
      : q.sort === 'demands'
        ? key.demands
        : q.sort === 'open_demands'
          ? key.open
          : key.visits;
  const desc = q.sort !== 'name';
  const window = visitWindow(r);
  /** The done visits of the window's months outside the range (after date_to, or a day before "-01"; normally none). */
  const outside = (w: { from: string; after: string }) =>
    db
      .selectFrom('visits')
      .where('visits.owner_id', '=', scope.ownerId)
      .where('visits.status', '=', 'done')
      .where((eb) =>
        eb.or([
          eb.and([eb('visits.visit_date', '>=', w.from), eb('visits.visit_date', '<', r.date_from)]),
          eb.and([eb('visits.visit_date', '>', r.date_to), eb('visits.visit_date', '<', w.after)]),
        ]),
      )
      .select(['visits.company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('visits.company_id')
      .as('x');
  const f = figures('c.id');
  const pageRows = (page: AliasedSelectQueryBuilder<{ id: number; k: unknown }, 'p'>) =>
    db
      .selectFrom(page)
      .innerJoin('companies as c', 'c.id', 'p.id')
      .select([
        'c.id',
        'c.company_name',
        'c.street_name',
        f.visits.as('visits'),
        f.last.as('last_visit'),
        f.demands.as('demands'),
        f.open.as('open_demands'),
      ])
      .orderBy('p.k', desc ? 'desc' : 'asc')
      .orderBy('c.id')
      .execute();
  const offset = (q.page - 1) * q.page_size;
  let rows: Awaited<ReturnType<typeof pageRows>> | undefined;
  if (q.sort === 'visits' && window && r.staff === undefined && !r.street) {
    // The whole office: its enterprises with visits in the range are the window's rows with a positive count (the
    // triggers keep an enterprise's rows under its serving office; handed away or deleted, they fall to 0), and they
    // sort before every enterprise without; a page among them is read from those rows alone (ADR 0059 §6).
    const k = sql<number>`(w.n - coalesce(x.n, 0))`;
    rows = await pageRows(
      db
        .selectFrom('service_visit_windows as w')
        .leftJoin(outside(window), 'x.company_id', 'w.company_id')
        .where('w.owner_id', '=', scope.ownerId)
        .where('w.from_month', '=', window.from)
        .where(k, '>', 0)
        .select(['w.company_id as id', k.as('k')])
        .orderBy('k', 'desc')
        .orderBy('w.company_id')
        .limit(q.page_size)
        .offset(offset)
        .as('p'),
    );
    if (rows.length < q.page_size) rows = undefined;
  }
  rows ??= await pageRows(
    q.sort === 'visits' && window
      ? // 12 whole months (the default range): each enterprise's count of the window (service_visit_windows,
        // migration 047) less its visits of those months outside the range, joined rather than sought enterprise
        // by enterprise (ADR 0059 §6).
        base
          .leftJoin('service_visit_windows as w', (j) =>
            j
              .onRef('w.company_id', '=', 'companies.id')
              .on('w.owner_id', '=', scope.ownerId)
              .on('w.from_month', '=', window.from),
          )
          .leftJoin(outside(window), 'x.company_id', 'companies.id')
          .select(['companies.id', sql<unknown>`(coalesce(w.n, 0) - coalesce(x.n, 0))`.as('k')])
          .orderBy('k', 'desc')
          .orderBy('companies.id')
          .limit(q.page_size)
          .offset(offset)
          .as('p')
      : base
          .select(['companies.id', sortKey.as('k')])
          .orderBy('k', desc ? 'desc' : 'asc')
          .orderBy('companies.id')
          .limit(q.page_size)
          .offset(offset)
          .as('p'),
  );
  return {
    ...scopeOf(r),
    total: n(total),
    page: q.page,
    page_size: q.page_size,
    list: rows.map((x) => ({
      company_id: n(x.id),
      company_name: x.company_name,
      street_name: x.street_name || '未划分街道',
      visits: n(x.visits),
      last_visit: x.last_visit || null,
      demands: n(x.demands),
      open_demands: n(x.open_demands),
    })),
  };
}
