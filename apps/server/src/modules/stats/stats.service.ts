import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  chinaDayStart,
  STATS_RANGE_MAX_DAYS,
  USER_KIND_LABELS,
  USER_KINDS,
  type DayCount,
  type StatsListBody,
  type StatsOverview,
  type UserKind,
  isoAddDays,
  isoDaysBetween,
} from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db';
import { containsText } from '../../db/sql';
import { badRequest } from '../../http/errors';
import { chinaToday } from '../common/records';

/**
 * The administrator's statistics (/dataShow, ADR 0047). Every figure is an SQL aggregate over rows whose created_at
 * (an ISO UTC string) falls in a China-time date range; days and months are China-time calendar days, computed
 * by the database (strftime on SQLite, AT TIME ZONE on PostgreSQL) so both engines group the same way.
 */

type DB = Kysely<Database>;

export interface Range {
  from: string;
  to: string;
  /** ISO bounds: created_at >= lo and < hi. */
  lo: string;
  hi: string;
}

/** The range asked for; missing ends: the 30 days that end today (China time). */
export function resolveRange(body: { date_from?: string; date_to?: string }, now: Date): Range {
  const to = body.date_to ?? (body.date_from && body.date_from > chinaToday(now) ? body.date_from : chinaToday(now));
  const from = body.date_from ?? isoAddDays(to, -29);
  if (from > to) throw badRequest('开始日期不能晚于结束日期');
  if (isoDaysBetween(from, to) >= STATS_RANGE_MAX_DAYS) {
    throw badRequest(`日期范围不能超过 ${STATS_RANGE_MAX_DAYS} 天`);
  }
  return { from, to, lo: chinaDayStart(from), hi: chinaDayStart(to, true) };
}

/** The China-time day (YYYY-MM-DD) of an ISO UTC column, computed by the database. */
export function dayOf(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)}::timestamptz AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', ${sql.ref(column)}, '+8 hours')`;
}

/** Hours from one ISO column to another. */
function hoursBetween(dialect: Dialect, from: string, to: string): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`extract(epoch from (${sql.ref(to)}::timestamptz - ${sql.ref(from)}::timestamptz)) / 3600.0`
    : sql<number>`(julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 24.0`;
}

/** The kind of account (DOMAIN §1) of the users row aliased u. */
/** accountKindOf (@ip/contract) in SQL, in its order: an enterprise-service flag wins over the administrator's. */
export const kindOf = sql<UserKind>`CASE WHEN u.is_news = 1 AND u.com_id = 0 THEN 'main' WHEN u.is_news = 1 THEN 'staff' WHEN u.is_admin = 1 THEN 'admin' WHEN u.type = '1' THEN 'trial' ELSE 'company' END`;

const n = (v: unknown) => Number(v ?? 0);

function daysOf(r: Range): string[] {
  const out: string[] = [];
  for (let d = r.from; d <= r.to; d = isoAddDays(d, 1)) out.push(d);
  return out;
}

function fill(r: Range, rows: { day: string; count: unknown }[]): DayCount[] {
  const by = new Map(rows.map((x) => [x.day, n(x.count)]));
  return daysOf(r).map((day) => ({ day, count: by.get(day) ?? 0 }));
}

const sumDays = (days: DayCount[]) => days.reduce((a, d) => a + d.count, 0);

function monthsOf(r: Range): string[] {
  const out: string[] = [];
  for (let m = r.from.slice(0, 7); m <= r.to.slice(0, 7);) {
    out.push(m);
    const [y, mo] = m.split('-').map(Number);
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  }
  return out;
}

/** Rows per China day of one kind ('search' | 'login' | 'export') in the range, from the stored counts (ADR 0063). */
async function perDay(db: DB, r: Range, kind: 'search' | 'login' | 'export') {
  const rows = await db
    .selectFrom('stats_days')
    .select(['day', 'n as count'])
    .where('kind', '=', kind)
    .where('day', '>=', r.from)
    .where('day', '<=', r.to)
    .execute();
  return fill(r, rows);
}

/** The range as its whole China months (first, last), if any, and the days before and after them. */
export function monthsAndDays(r: Range): { months: [string, string] | null; days: [string, string][] } {
  const nextMonth = (m: string) => isoAddDays(`${m}-28`, 4).slice(0, 7);
  const first = r.from.endsWith('-01') ? r.from.slice(0, 7) : nextMonth(r.from.slice(0, 7));
  const last = isoAddDays(r.to, 1).endsWith('-01') ? r.to.slice(0, 7) : isoAddDays(`${r.to.slice(0, 7)}-01`, -1).slice(0, 7);
  if (first > last) return { months: null, days: [[r.from, r.to]] };
  const days: [string, string][] = [];
  if (r.from < `${first}-01`) days.push([r.from, isoAddDays(`${first}-01`, -1)]);
  const after = `${nextMonth(last)}-01`;
  if (after <= r.to) days.push([after, r.to]);
  return { months: [first, last], days };
}

/**
 * The company activity (logins, searches, exports of its users) in the range, one row per company with any: summed
 * from the stored counts (ADR 0063) — the range's whole months from stats_company_months, the days before and after
 * them from stats_company_days — before the company's name is joined.
 */
function companyActivity(db: DB, r: Range, keyword: string | undefined) {
  const cols = ['company_id', 'logins', 'searches', 'exports', 'actions'] as const;
  const { months, days } = monthsAndDays(r);
  const dayRows = ([a, b]: [string, string]) =>
    db.selectFrom('stats_company_days').select(cols).where('day', '>=', a).where('day', '<=', b);
  const events = months
    ? days.reduce(
        (all, d) => all.unionAll(dayRows(d)),
        db.selectFrom('stats_company_months').select(cols).where('month', '>=', months[0]).where('month', '<=', months[1]),
      )
    : dayRows(days[0]);
  const grouped = db
    .selectFrom(events.as('e'))
    .groupBy('e.company_id')
    .having(sql`sum(e.actions)`, '>', 0)
    .select([
      'e.company_id',
      sql<number>`sum(e.logins)`.as('logins'),
      sql<number>`sum(e.searches)`.as('searches'),
      sql<number>`sum(e.exports)`.as('exports'),
      sql<number>`sum(e.actions)`.as('actions'),
    ]);
  const q = db
    .selectFrom(grouped.as('g'))
    .leftJoin('companies as c', 'c.id', 'g.company_id')
    .select(['g.company_id', 'c.company_name', 'g.logins', 'g.searches', 'g.exports', 'g.actions']);
  return keyword ? q.where(containsText('c.company_name', keyword)) : q;
}

/** One page of the active companies, most actions first, and how many there are (one grouping for both). */
async function companyPage(db: DB, r: Range, keyword: string | undefined, limit: number, offset: number) {
  const q = companyActivity(db, r, keyword);
  const rows = await q
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy('g.actions', 'desc')
    .orderBy('g.company_id')
    .limit(limit)
    .offset(offset)
    .execute();
  if (rows.length > 0 || offset === 0) return { total: n(rows[0]?.total), rows };
  const total = await db
    .selectFrom(q.as('x'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return { total: n(total.n), rows };
}

async function medianHours(db: DB, dialect: Dialect, r: Range, approved: number): Promise<number | null> {
  if (approved === 0) return null;
  const hours = hoursBetween(dialect, 'created_at', 'reviewed_at');
  const rows = await db
    .selectFrom('verifications')
    .select(hours.as('h'))
    .where('status', '=', 1)
    .where('reviewed_at', 'is not', null)
    .where('created_at', '>=', r.lo)
    .where('created_at', '<', r.hi)
    .orderBy(hours)
    .limit(approved % 2 === 1 ? 1 : 2)
    .offset(Math.floor((approved - 1) / 2))
    .execute();
  if (rows.length === 0) return null;
  const mid = rows.reduce((s, x) => s + n(x.h), 0) / rows.length;
  return Math.round(mid * 10) / 10;
}

export async function overview(db: DB, dialect: Dialect, r: Range): Promise<StatsOverview> {
  // Two lanes of queries at once (on PostgreSQL two connections; SQLite runs them in turn): the raw-row scans in one,
  // the stored counts and the rest in the other.
  const [[s, terms, logins], [userRows, v, median, searchesPerDay, loginsPerDay, exportsPerDay, active]] = await Promise.all([
    (async () => {
      const s = await db
        .selectFrom('search_history')
        .where('created_at', '>=', r.lo)
        .where('created_at', '<', r.hi)
        .select(sql<number>`count(distinct user_id)`.as('users'))
        .executeTakeFirstOrThrow();
      const terms = await db
        .selectFrom('search_history')
        .select(['expression as term', (eb) => eb.fn.countAll().as('count')])
        .where('created_at', '>=', r.lo)
        .where('created_at', '<', r.hi)
        .groupBy('expression')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('expression')
        .limit(10)
        .execute();
      const logins = await db
        .selectFrom('activity_log')
        .select(sql<number>`count(distinct user_id)`.as('users'))
        .where('kind', '=', 'login')
        .where('created_at', '>=', r.lo)
        .where('created_at', '<', r.hi)
        .executeTakeFirstOrThrow();
      return [s, terms, logins] as const;
    })(),
    (async () => {
      // From the stored users per kind and China day (stats_user_days, ADR 0063).
      const userRows = await db
        .selectFrom('stats_user_days')
        .select([sql<UserKind>`kind`.as('kind'), sql<string>`substr(day, 1, 7)`.as('month'), sql<number>`sum(n)`.as('count')])
        .where('day', '>=', r.from)
        .where('day', '<=', r.to)
        .groupBy(['kind', sql`substr(day, 1, 7)`])
        .execute();
      const v = await db
        .selectFrom('verifications')
        .select([
          (eb) => eb.fn.countAll().as('total'),
          sql<number>`sum(case when status = 0 then 1 else 0 end)`.as('pending'),
          sql<number>`sum(case when status = 1 then 1 else 0 end)`.as('approved'),
          sql<number>`sum(case when status = 2 then 1 else 0 end)`.as('rejected'),
          sql<number>`sum(case when status = 1 and reviewed_at is not null then 1 else 0 end)`.as('timed'),
        ])
        .where('created_at', '>=', r.lo)
        .where('created_at', '<', r.hi)
        .executeTakeFirstOrThrow();
      const median = await medianHours(db, dialect, r, n(v.timed));
      return [
        userRows,
        v,
        median,
        await perDay(db, r, 'search'),
        await perDay(db, r, 'login'),
        await perDay(db, r, 'export'),
        await companyPage(db, r, undefined, 10, 0),
      ] as const;
    })(),
  ]);
  const byKind = new Map<UserKind, number>(USER_KINDS.map((k) => [k, 0]));
  const byMonth = new Map(
    monthsOf(r).map((m) => [m, Object.fromEntries(USER_KINDS.map((k) => [k, 0])) as Record<UserKind, number>]),
  );
  for (const row of userRows) {
    byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + n(row.count));
    const m = byMonth.get(row.month);
    if (m) m[row.kind] += n(row.count);
  }

  return {
    date_from: r.from,
    date_to: r.to,
    users: {
      total: [...byKind.values()].reduce((a, b) => a + b, 0),
      by_kind: USER_KINDS.map((kind) => ({ kind, label: USER_KIND_LABELS[kind], count: byKind.get(kind) ?? 0 })),
      by_month: [...byMonth].map(([month, counts]) => ({ month, ...counts })),
    },
    verifications: {
      total: n(v.total),
      pending: n(v.pending),
      approved: n(v.approved),
      rejected: n(v.rejected),
      median_hours: median,
    },
    searches: {
      total: sumDays(searchesPerDay),
      users: n(s.users),
      per_day: searchesPerDay,
      top_terms: terms.map((t) => ({ term: t.term, count: n(t.count) })),
    },
    exports: { total: sumDays(exportsPerDay), per_day: exportsPerDay },
    logins: { total: sumDays(loginsPerDay), users: n(logins.users), per_day: loginsPerDay },
    active_companies: {
      count: active.total,
      top: active.rows.map((c) => ({
        company_id: n(c.company_id),
        company_name: c.company_name ?? '（已删除）',
        logins: n(c.logins),
        searches: n(c.searches),
        exports: n(c.exports),
      })),
    },
  };
}

export type StatRow = Record<string, string | number | null>;

/** One page (or, for export, the first `limit` rows) of a table behind the charts. */
export async function listTable(
  db: DB,
  dialect: Dialect,
  r: Range,
  body: Omit<StatsListBody, 'page' | 'page_size'>,
  limit: number,
  offset: number,
): Promise<{ total: number; list: StatRow[] }> {
  const k = body.keyword;
  switch (body.table) {
    case 'users': {
      let q = db
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .where('u.created_at', '>=', r.lo)
        .where('u.created_at', '<', r.hi);
      if (body.kind) q = q.where(sql<boolean>`${kindOf} = ${body.kind}`);
      if (k)
        q = q.where((eb) =>
          eb.or([
            containsText('u.name', k),
            containsText('u.mobile', k),
            containsText('u.company_name', k),
            containsText('c.company_name', k),
          ]),
        );
      const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          'u.id',
          'u.name',
          'u.mobile',
          kindOf.as('kind'),
          sql<string>`coalesce(c.company_name, u.company_name)`.as('company_name'),
          'u.created_at',
        ])
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        total: n(total.n),
        list: rows.map((x) => ({ ...x, id: n(x.id), kind_label: USER_KIND_LABELS[x.kind] })),
      };
    }
    case 'verifications': {
      let q = db
        .selectFrom('verifications as v')
        .leftJoin('users as u', 'u.id', 'v.user_id')
        .where('v.created_at', '>=', r.lo)
        .where('v.created_at', '<', r.hi);
      if (body.status !== undefined) q = q.where('v.status', '=', body.status);
      if (k)
        q = q.where((eb) =>
          eb.or([containsText('v.company_name', k), containsText('u.mobile', k), containsText('v.contact', k)]),
        );
      const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select([
          'v.id',
          'v.company_name',
          'v.contact',
          'u.mobile',
          'v.status',
          'v.created_at',
          'v.reviewed_at',
          sql<
            number | null
          >`case when v.reviewed_at is null then null else ${hoursBetween(dialect, 'v.created_at', 'v.reviewed_at')} end`.as(
            'hours',
          ),
        ])
        .orderBy('v.created_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        total: n(total.n),
        list: rows.map((x) => ({
          ...x,
          id: n(x.id),
          status: n(x.status),
          status_label: ['待审核', '已通过', '已驳回'][n(x.status)] ?? '',
          hours: x.hours === null ? null : Math.round(n(x.hours) * 10) / 10,
        })),
      };
    }
    case 'searches': {
      let q = db
        .selectFrom('search_history as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .where('s.created_at', '>=', r.lo)
        .where('s.created_at', '<', r.hi);
      // The user's mobile or name matched once per user, not once per search joined to its user.
      if (k)
        q = q.where((eb) =>
          eb.or([
            containsText('s.expression', k),
            eb(
              's.user_id',
              'in',
              db
                .selectFrom('users as m')
                .select('m.id')
                .where((m) => m.or([containsText('m.mobile', k), containsText('m.name', k)])),
            ),
          ]),
        );
      const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['s.id', 'u.name', 'u.mobile', 's.expression', 's.total', 's.created_at'])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { total: n(total.n), list: rows.map((x) => ({ ...x, id: n(x.id), total: n(x.total) })) };
    }
    case 'terms': {
      let q = db.selectFrom('search_history').where('created_at', '>=', r.lo).where('created_at', '<', r.hi);
      if (k) q = q.where(containsText('expression', k));
      // Counted per term and user first: the distinct users are then the rows of each term (no count(distinct)).
      const perUser = q.select(['expression', 'user_id', (eb) => eb.fn.countAll().as('c')]).groupBy(['expression', 'user_id']);
      const grouped = db
        .selectFrom(perUser.as('p'))
        .select(['p.expression', sql<number>`sum(p.c)`.as('count'), sql<number>`count(*)`.as('users')])
        .groupBy('p.expression');
      const rows = await grouped
        .select(sql<number>`count(*) over ()`.as('total'))
        .orderBy(sql`sum(p.c)`, 'desc')
        .orderBy('p.expression')
        .limit(limit)
        .offset(offset)
        .execute();
      const total =
        rows.length > 0 || offset === 0
          ? n(rows[0]?.total)
          : n(
              (
                await db
                  .selectFrom(grouped.as('g'))
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            );
      return { total, list: rows.map((x) => ({ term: x.expression, count: n(x.count), users: n(x.users) })) };
    }
    case 'exports':
    case 'logins': {
      let q = db
        .selectFrom('activity_log as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .where('a.kind', '=', body.table === 'logins' ? 'login' : 'export')
        .where('a.created_at', '>=', r.lo)
        .where('a.created_at', '<', r.hi);
      if (k)
        q = q.where((eb) => eb.or([containsText('u.name', k), containsText('u.mobile', k), containsText('c.company_name', k)]));
      const total = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['a.id', 'a.user_id', 'u.name', 'u.mobile', kindOf.as('kind'), 'c.company_name', 'a.created_at'])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        total: n(total.n),
        list: rows.map((x) => ({
          ...x,
          id: n(x.id),
          user_id: n(x.user_id),
          kind_label: x.kind ? USER_KIND_LABELS[x.kind] : '',
          name: x.name ?? '（已删除）',
        })),
      };
    }
    case 'companies': {
      const { total, rows } = await companyPage(db, r, k, limit, offset);
      return {
        total,
        list: rows.map((c) => ({
          company_id: n(c.company_id),
          company_name: c.company_name ?? '（已删除）',
          logins: n(c.logins),
          searches: n(c.searches),
          exports: n(c.exports),
          actions: n(c.actions),
        })),
      };
    }
  }
}
