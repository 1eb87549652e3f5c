import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  ENTERPRISE_WARNING_KINDS,
  ENTERPRISE_WARNING_LABELS,
  WARNING_CERT_EXPIRED_DAYS,
  WARNING_CERT_LEAD_DAYS,
  WARNING_EXPORT_MAX,
  WARNING_LITIGATION_DAYS,
  WARNING_NO_VISIT_DAYS,
  isoAddDays,
  type EnterpriseWarningCounts,
  type EnterpriseWarningCountsReply,
  type EnterpriseWarningExport,
  type EnterpriseWarningKind,
  type EnterpriseWarningList,
  type EnterpriseWarningRow,
  isoDaysBetween,
} from '@ip/contract';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { containsText } from '../../db/sql';
import { getWorkingCalendar, type WorkingCalendar } from '../calendar/working-calendar';
import { chinaToday, writeExport } from '../common/records';
import { idRanges } from '../common/id-ranges';
import { feeNext, type FeeYearStatus } from '../fees/fee-engine';
import { feeTypeOf, hasFeeFactsIndex, type PatentFactsRow } from '../fees/fee-facts';
import { dueSql, OPEN_DEMAND_STATUSES } from './demand-lights';
import { inScope, type ServiceScope } from './service-scope';
import { findStaff } from './staff';
import { dayOf as sqlDayOf } from '../stats/stats.service';

// Enterprise warnings (issue 12, bundle B5, ADR 0048, DOMAIN §5): five kinds, each with the day it started, computed
// when asked (never stored) for the enterprises in the caller's scope (service-scope.ts), so a warning appears and
// ends on the right day as the clock moves. The daily task (enterprise-warnings-task.ts) delivers new ones once.
// Counted and paged in SQL, details read for the page only; 久未走访 reads the stored last visit day
// (companies.last_visit_date, migration 039) and compares it with today in SQL (ADR 0058).

type Db = Kysely<Database>;

export interface WarningFilters {
  street_id?: number;
  staff_id?: number;
  keyword?: string;
}

/** The office's enterprises under the filters (a query on companies to select from). */
function office(db: Db, scope: ServiceScope, f: WarningFilters) {
  let q = db.selectFrom('companies').where(inScope(scope, scope.isMain ? f.staff_id : undefined));
  if (f.street_id) q = q.where('companies.street_id', '=', f.street_id);
  if (f.keyword) q = q.where(containsText('companies.company_name', f.keyword));
  return q;
}

const enterpriseLink = (companyId: number) => `/workEnterprisevisit?id=${companyId}`;
const visitLink = (companyId: number, name: string) =>
  `/addWaitvisit?company_id=${companyId}&company_name=${encodeURIComponent(name)}`;

function row(
  kind: EnterpriseWarningKind,
  ref: string,
  c: { company_id: number; company_name: string; street_name: string },
  started: string,
  detail: string,
  link?: { href: string; text: string },
): EnterpriseWarningRow {
  const companyId = Number(c.company_id);
  return {
    key: `${kind}:${ref}`,
    kind,
    kind_label: ENTERPRISE_WARNING_LABELS[kind],
    company_id: companyId,
    company_name: c.company_name,
    street_name: c.street_name,
    started_on: started,
    detail,
    link: link?.href ?? enterpriseLink(companyId),
    link_text: link?.text ?? '查看企业',
    visit_link: visitLink(companyId, c.company_name),
  };
}

type SqlKind = Exclude<EnterpriseWarningKind, 'patent_lapse'>;
const SQL_KINDS: readonly SqlKind[] = ['no_visit', 'demand_red', 'cert_expiry', 'litigation'];
const KIND_ORDER = new Map<EnterpriseWarningKind, number>(ENTERPRISE_WARNING_KINDS.map((k, i) => [k, i]));

/** A YYYY-MM-DD expression plus `n` days, as YYYY-MM-DD text, in either engine. */
function addDaysSql(pg: boolean, day: RawBuilder<unknown>, n: number): RawBuilder<string> {
  return pg
    ? sql<string>`to_char((${day})::date + ${sql.lit(n)}, 'YYYY-MM-DD')`
    : sql<string>`date(${day}, ${`${n >= 0 ? '+' : ''}${n} days`})`;
}

interface Ctx {
  db: Db;
  pg: boolean;
  ownerId: number;
  office: ReturnType<typeof office>;
  /**
   * `column` (an enterprise id) is in the scope (see warningPage). `byDay`: the part is to be read by its own day
   * index, the scope only checked per row (a street's or staff member's list is then not a way in for SQLite).
   */
  inOffice: (column: string, byDay?: boolean) => RawBuilder<boolean>;
  today: string;
  /** SQLite with migration 012's patents_fee_facts index: the patents' fee facts are read through it. */
  feeFactsIndex: boolean;
  /**
   * SQLite, a scope checked link by link (the whole office, or a keyword's more than FEW_IDS enterprises): patentLapse
   * reads the links in patent order (ADR 0081). A street's, a staff member's or a few enterprises' links are read
   * enterprise by enterprise, from their own links only.
   */
  lapseByPatent: boolean;
}

/**
 * The warnings of the SQL kinds (ADR 0058). Each kind is one or more parts: a SELECT of (company_id, ref, tie, day)
 * — ref the demand / certificate / case id (0 for 久未走访), tie what orders two warnings of one kind, enterprise and
 * day (the id in the key, as text: the order the keys had), day the day the start is counted from (started_on = day
 * + shift). Counted with `group by kind`, paged with `order by … limit` in SQL, each part first cut to its own
 * top rows by its day; details are read for the page only.
 */
interface Part {
  kind: SqlKind;
  shift: number;
  from: RawBuilder<unknown>;
}

function kindParts(c: Ctx, kinds: readonly SqlKind[], paged: boolean): Part[] {
  const { pg, today } = c;
  const out: Part[] = [];
  // 久未走访: no done visit for WARNING_NO_VISIT_DAYS days (counted from the enterprise's creation when never
  // visited); started the day after the 90th day since the base day. companies.last_visit_date (migration 039) is
  // the latest done visit's day: up to today it is the base; later than today (a visit dated ahead) the base is
  // looked up among the visits up to today. Three index ranges on (service_owner_id, last_visit_date).
  if (kinds.includes('no_visit')) {
    const cutoff = isoAddDays(today, -(WARNING_NO_VISIT_DAYS + 1));
    const created = sqlDayOf(pg ? 'postgres' : 'sqlite', 'companies.created_at');
    const ahead = sql`coalesce((select max(v.visit_date) from visits v
      where v.company_id = companies.id and v.status = 'done' and v.visit_date <= ${today}), ${created})`;
    const part = (day: RawBuilder<unknown>, where: RawBuilder<boolean>): Part => ({
      kind: 'no_visit',
      shift: WARNING_NO_VISIT_DAYS + 1,
      from: sql`${c.office.select(['companies.id as company_id', sql`0`.as('ref'), sql`''`.as('tie'), day.as('day')]).where(where)}`,
    });
    out.push(
      part(sql`companies.last_visit_date`, sql<boolean>`companies.last_visit_date <= ${cutoff}`),
      part(created, sql<boolean>`companies.last_visit_date is null and ${created} <= ${cutoff}`),
      part(ahead, sql<boolean>`companies.last_visit_date > ${today} and ${ahead} <= ${cutoff}`),
    );
  }
  // 需求红灯: an open demand past its current limit (dueSql: red from the day after the due day), read in
  // demands_owner_due (office, state, due day; migration 044). Paged: one part per open state, each one range of the
  // index in due-day order, so a page stops after its rows; counted: both states in one part (one pass over the scope
  // check). The enterprise checked against the scope by primary key (inOffice), not a seek per enterprise of the
  // scope (as do the other kinds: each reads its own rows by its day and checks the scope).
  if (kinds.includes('demand_red')) {
    const due = dueSql('d');
    const states = paged ? OPEN_DEMAND_STATUSES.map((s) => [s]) : [OPEN_DEMAND_STATUSES];
    for (const st of states)
      out.push({
        kind: 'demand_red',
        shift: 1,
        from: sql`select d.company_id, d.id as ref, cast(d.id as text) as tie, ${due} as day
          from demands d
          where d.owner_id = ${c.ownerId} and d.status in (${sql.join(st.map((s) => sql.lit(s)))})
            and ${c.inOffice('d.company_id', true)} and ${due} < ${today}`,
      });
  }
  // 证书即将到期: from WARNING_CERT_LEAD_DAYS before its expiry to WARNING_CERT_EXPIRED_DAYS after it.
  if (kinds.includes('cert_expiry'))
    out.push({
      kind: 'cert_expiry',
      shift: -WARNING_CERT_LEAD_DAYS,
      from: sql`select ce.company_id, ce.id as ref, cast(ce.id as text) as tie, ce.expiry_date as day
        from certificates ce
        where ${c.inOffice('ce.company_id', true)} and ce.expiry_date >= ${isoAddDays(today, -WARNING_CERT_EXPIRED_DAYS)}
          and ce.expiry_date <= ${isoAddDays(today, WARNING_CERT_LEAD_DAYS)}`,
    });
  // 新增诉讼: a case in which one of the enterprise's names is a party, filed in the last WARNING_LITIGATION_DAYS days.
  if (kinds.includes('litigation'))
    out.push({
      kind: 'litigation',
      shift: 0,
      from: sql`select cn.company_id, lc.id as ref, cast(lc.id as text) as tie, lc.filing_date as day
        from company_names cn
          join litigation_parties lp on lp.name_key = cn.name
          join litigation_cases lc on lc.id = lp.case_id
        where ${c.inOffice('cn.company_id')} and lc.filing_date >= ${isoAddDays(today, -(WARNING_LITIGATION_DAYS - 1))}
          and lc.filing_date <= ${today}
        group by lc.id, lc.filing_date, cn.company_id`,
    });
  return out;
}

interface KeyRow {
  kind: SqlKind;
  started_on: string;
  company_id: number;
  ref: number;
}

/** The part's rows from `since` (started on or after it) only. */
const fromSince = (p: Part, since?: string) => (since ? sql`where q.day >= ${isoAddDays(since, -p.shift)}` : sql``);

/** Count per SQL kind (from `since` when given). */
async function countSqlKinds(c: Ctx, since?: string): Promise<Map<string, number>> {
  const parts = kindParts(c, SQL_KINDS, false).map(
    (p) => sql`select ${sql.lit(p.kind)} as kind from (${p.from}) q ${fromSince(p, since)}`,
  );
  const { rows } = await sql<{
    kind: string;
    n: number | string;
  }>`select u.kind, count(*) as n from (${sql.join(parts, sql` union all `)}) u group by u.kind`.execute(c.db);
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

/** One page of the SQL kinds' warnings (only `kinds`), newest start first, as keys. */
async function pageSqlKinds(c: Ctx, kinds: readonly SqlKind[], offset: number, limit: number, since?: string) {
  if (!kinds.length || limit <= 0) return [];
  const top = sql.lit(offset + limit);
  const parts = kindParts(c, kinds, true).map(
    (p) => sql`select ${sql.lit(p.kind)} as kind, ${sql.lit(KIND_ORDER.get(p.kind)!)} as ord,
        ${addDaysSql(c.pg, sql`t.day`, p.shift)} as started_on, t.company_id, t.tie, t.ref
      from (select q.company_id, q.ref, q.tie, q.day from (${p.from}) q ${fromSince(p, since)}
        order by q.day desc, q.company_id, q.tie limit ${top}) t`,
  );
  const { rows } = await sql<KeyRow>`select u.kind, u.started_on, u.company_id, u.ref
    from (${sql.join(parts, sql` union all `)}) u
    order by u.started_on desc, u.ord, u.company_id, u.tie
    limit ${sql.lit(limit)} offset ${sql.lit(offset)}`.execute(c.db);
  return rows.map((r) => ({ ...r, company_id: Number(r.company_id), ref: Number(r.ref) }));
}

const DUE_STAGE = (r: { contacted_at: string | null; replied_at: string | null }) =>
  !r.contacted_at ? '联系企业' : !r.replied_at ? '首次答复' : '办结';

/** The rows (enterprise, detail, links) of a page of keys: a few reads by id for the page only. */
async function detailRows(c: Ctx, keys: KeyRow[]): Promise<EnterpriseWarningRow[]> {
  if (!keys.length) return [];
  const { db, today } = c;
  const idsOf = (k: SqlKind) => [
    ...new Set(keys.filter((r) => r.kind === k).map((r) => (k === 'no_visit' ? r.company_id : r.ref))),
  ];
  const companyIds = [...new Set(keys.map((r) => r.company_id))];
  const noVisitIds = idsOf('no_visit');
  const demandIds = idsOf('demand_red');
  const certIds = idsOf('cert_expiry');
  const caseIds = idsOf('litigation');
  const due = dueSql('d');
  const [companies, lastVisits, demands, certs, cases] = await Promise.all([
    db.selectFrom('companies').select(['id', 'company_name', 'street_name']).where('id', 'in', companyIds).execute(),
    noVisitIds.length
      ? sql<{ company_id: number; last_visit: string }>`select v.company_id, max(v.visit_date) as last_visit from visits v
          where v.company_id in (${sql.join(noVisitIds)}) and v.status = 'done' and v.visit_date <= ${today}
          group by v.company_id`
          .execute(db)
          .then((r) => r.rows)
      : [],
    demandIds.length
      ? sql<{ id: number; title: string; contacted_at: string | null; replied_at: string | null; due: string }>`select d.id,
          d.title, d.contacted_at, d.replied_at, ${due} as due from demands d where d.id in (${sql.join(demandIds)})`
          .execute(db)
          .then((r) => r.rows)
      : [],
    certIds.length
      ? db.selectFrom('certificates').select(['id', 'name', 'number', 'expiry_date']).where('id', 'in', certIds).execute()
      : [],
    caseIds.length
      ? sql<{
          case_id: number;
          company_id: number;
          case_no: string;
          court: string;
          cause: string;
          role: string;
          filing_date: string;
        }>`select
          lc.id as case_id, cn.company_id, lc.case_no, lc.court, lc.cause, min(lp.role) as role, lc.filing_date
        from company_names cn
          join litigation_parties lp on lp.name_key = cn.name
          join litigation_cases lc on lc.id = lp.case_id
        where lc.id in (${sql.join(caseIds)}) and cn.company_id in (${sql.join(companyIds)})
        group by lc.id, cn.company_id, lc.case_no, lc.court, lc.cause, lc.filing_date`
          .execute(db)
          .then((r) => r.rows)
      : [],
  ]);
  const company = new Map(companies.map((r) => [Number(r.id), r]));
  const last = new Map(lastVisits.map((r) => [Number(r.company_id), r.last_visit]));
  const demand = new Map(demands.map((r) => [Number(r.id), r]));
  const cert = new Map(certs.map((r) => [Number(r.id), r]));
  const lit = new Map(cases.map((r) => [`${r.case_id}:${r.company_id}`, r]));
  return keys.map((k) => {
    const co = company.get(k.company_id)!;
    const c0 = { company_id: k.company_id, company_name: co.company_name, street_name: co.street_name ?? '' };
    if (k.kind === 'no_visit') {
      const lastVisit = last.get(k.company_id) ?? null;
      const base = isoAddDays(k.started_on, -(WARNING_NO_VISIT_DAYS + 1));
      const detail = lastVisit
        ? `最近一次走访为 ${lastVisit}，已 ${isoDaysBetween(lastVisit, today)} 天未走访`
        : `纳入服务（${base}）后尚未走访，已 ${isoDaysBetween(base, today)} 天`;
      return row('no_visit', `${k.company_id}:${k.started_on}`, c0, k.started_on, detail, {
        href: visitLink(k.company_id, co.company_name),
        text: '发起走访',
      });
    }
    if (k.kind === 'demand_red') {
      const d = demand.get(k.ref)!;
      return row(
        'demand_red',
        `${k.ref}:${d.due}`,
        c0,
        k.started_on,
        `需求“${d.title}”应于 ${d.due} 前${DUE_STAGE(d)}，已超期 ${isoDaysBetween(d.due, today)} 天`,
        { href: `/workWaitvisit3?id=${k.ref}`, text: '办理需求' },
      );
    }
    if (k.kind === 'cert_expiry') {
      const r = cert.get(k.ref)!;
      const expiry = r.expiry_date as string;
      const left = isoDaysBetween(today, expiry);
      const when = left >= 0 ? `将于 ${expiry} 到期（还有 ${left} 天）` : `已于 ${expiry} 到期（已过期 ${-left} 天）`;
      const number = r.number ? `（${r.number}）` : '';
      return row('cert_expiry', `${k.ref}:${expiry}`, c0, k.started_on, `证书“${r.name}”${number}${when}`);
    }
    const r = lit.get(`${k.ref}:${k.company_id}`)!;
    return row(
      'litigation',
      `${k.ref}:${k.company_id}`,
      c0,
      r.filing_date,
      `${r.filing_date} 立案：${r.case_no}（${r.court}，${r.cause}），企业为${r.role}`,
    );
  });
}

/**
 * Days before today the start of a patent year in grace can be, at most: the grace period is GRACE_MONTHS (6, ≤ 184
 * days) after the year's start, moved to the next working day (a holiday run is at most a couple of weeks). Only a
 * bound for the SQL pre-filter below; the fee engine decides.
 */
const GRACE_WINDOW_DAYS = 215;

/** A candidate's fee facts and its enterprise, as patentLapse reads them. */
type LapseFacts = PatentFactsRow & { company_id: number; company_name: string; street_name: string };

/**
 * 专利即将失效: an own patent (company_patents, not removed, not only collected) whose next annual fee is in its grace
 * period (fee engine state 'grace': past the due date, up to the last day before lapse). Started the day after the
 * due date; ends when the year is paid or the patent lapses.
 *
 * Only candidates reach the fee engine (ADR 0058): a patent can be in grace today only for the patent year Yc whose
 * start (an anniversary of the filing day) is the last one before today, that start within GRACE_WINDOW_DAYS, Yc
 * unpaid and Yc − 1 paid or not after the grant year (then granted within GRACE_WINDOW_DAYS + 366 days). A superset,
 * checked in SQL by month-day and by the payment index; the engine gives the exact answer for those few.
 */
async function patentLapse(c: Ctx, cal: WorkingCalendar): Promise<EnterpriseWarningRow[]> {
  const { db, today, pg } = c;
  const bit = pg ? sql`(1 << f.year)::bigint` : sql`(1 << f.year)`;
  const md = sql`substr(p.ad, 6, 5)`;
  const T = today.slice(5);
  const F = isoAddDays(today, -GRACE_WINDOW_DAYS).slice(5);
  const inWindow = F < T ? sql`(${md} >= ${F} and ${md} < ${T})` : sql`(${md} >= ${F} or ${md} < ${T})`;
  const yc = sql`(${sql.lit(Number(today.slice(0, 4)))} - cast(substr(p.ad, 1, 4) as integer)
    + case when ${md} < ${T} then 1 else 0 end)`;
  const paidYear = (year: RawBuilder<unknown>) => sql`exists (select 1 from fee_payments f
    where f.company_id = cp.company_id and f.patent_id = p.id and f.year = ${year})`;
  // On SQLite, the links and the patents through two narrow covering indexes (SQLite's own plan reads each patent's
  // wide row). For the whole office the links come in patent order, in ranges of patent ids, so that the seeks into
  // the patents' index go through it once, front to back, where in enterprise order they went through it once per
  // enterprise (ADR 0081); a narrower scope's links come enterprise by enterprise (a scan in patent order would read
  // every other enterprise's links too), in ranges of enterprise ids, as on PostgreSQL. The warnings' numbers and
  // titles are read afterwards, for them only.
  const links = c.lapseByPatent ? sql`company_patents_by_patent` : sql`company_patents_list`;
  const from = c.feeFactsIndex
    ? sql`company_patents cp indexed by ${links} join companies c on c.id = cp.company_id
        cross join patents p indexed by patents_fee_facts`
    : sql`company_patents cp join companies c on c.id = cp.company_id cross join patents p`;
  const rangeOf = c.lapseByPatent ? sql.ref('cp.patent_id') : sql.ref('cp.company_id');
  const found: { r: LapseFacts; next: FeeYearStatus }[] = [];
  for (const [n, [after, upTo]] of (await lapseRanges(c)).entries()) {
    // On SQLite a statement holds the event loop until it ends: requests get their turn between the ranges.
    if (n) await nextTurn();
    const { rows } = await sql<
      LapseFacts & { paid: number | string | null }
    >`select cp.company_id, c.company_name, c.street_name, p.id, p.an, p.ad, p.gd, p.type, p.country,
      p.term_adjustment_days, p.fee_reduction_pct,
      (select sum(${bit}) from fee_payments f
        where f.company_id = cp.company_id and f.patent_id = p.id and f.year between 1 and 30) as paid
    from ${from}
    where p.id = cp.patent_id and ${c.inOffice('cp.company_id')} and ${rangeOf} > ${after} and ${rangeOf} <= ${upTo}
      and cp.removed = 0 and cp.source <> 'collect' and p.ad is not null
      and p.gd is not null and ${inWindow} and not ${paidYear(yc)}
      and (p.gd >= ${isoAddDays(today, -(GRACE_WINDOW_DAYS + 366))} or ${paidYear(sql`${yc} - 1`)})`.execute(db);
    for (const r of rows) {
      if (r.country && r.country !== 'CN') continue;
      const type = feeTypeOf(r.an, r.type);
      if (!type || !r.ad) continue;
      const pct = Number(r.fee_reduction_pct);
      const { next } = feeNext(
        {
          type,
          filingDate: r.ad,
          grantDate: r.gd || null,
          termAdjustmentDays: Number(r.term_adjustment_days) || 0,
          reductionPct: pct === 85 ? 85 : pct === 70 ? 70 : 0,
          payments: [],
          paidYears: Number(r.paid) || 0,
        },
        cal,
        today,
      );
      if (next?.state === 'grace') found.push({ r, next });
    }
  }
  const names = new Map<number, { pn: string | null; title: string }>();
  const ids = [...new Set(found.map(({ r }) => Number(r.id)))];
  for (let i = 0; i < ids.length; i += 500) {
    const part = await db
      .selectFrom('patents')
      .select(['id', 'pn', 'title'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const p of part) names.set(Number(p.id), p);
  }
  const out = found.map(({ r, next }) => {
    const { pn, title } = names.get(Number(r.id)) ?? { pn: null, title: '' };
    const number = r.an || pn || `专利 ${r.id}`;
    return row(
      'patent_lapse',
      `${r.id}:${next.year}`,
      r,
      isoAddDays(next.due, 1),
      `${number}《${title}》第 ${next.year} 年年费已逾期未缴，最后缴费日 ${next.graceEnd}（还有 ${isoDaysBetween(today, next.graceEnd)} 天），逾期未缴专利权终止`,
    );
  });
  // One row per key: a patent linked to an enterprise twice (two sources) is one warning.
  return [...new Map(out.map((r) => [r.key, r])).values()].sort(byListOrder);
}

/**
 * How many own-patent links one statement of patentLapse covers, about, and (SQLite) the patent ids' bits its ranges
 * are counted by: blocks of 2^bits ids (tests lower both).
 */
export const LAPSE_RANGE = { links: 20_000, bits: 10 };

/**
 * Ranges (after, upTo] of ids in the scope whose own-patent links add up to about LAPSE_RANGE.links each, in id
 * order: patentLapse reads the patents of one range per statement. One statement over every patent of an office of
 * 709,076 held the server for 7.5 s (ADR 0079). Patent ids when the links are read in patent order (lapseByPatent),
 * counted by blocks of 2^LAPSE_RANGE.bits (a group per patent would be a row per patent); else enterprise ids.
 */
async function lapseRanges(c: Ctx): Promise<[number, number][]> {
  const scope = sql`${c.inOffice('cp.company_id')} and cp.removed = 0 and cp.source <> 'collect'`;
  // By patent: block b (numbered from 1, since idRanges' first range starts after 0) holds the patent ids
  // [(b − 1)·2^bits, b·2^bits − 1].
  const bits = LAPSE_RANGE.bits;
  const { rows } = c.lapseByPatent
    ? await sql<{ id: number; n: number }>`select (cp.patent_id >> ${sql.lit(bits)}) + 1 as id, count(*) as n
        from company_patents cp indexed by company_patents_by_patent where ${scope}
        group by 1 order by 1`.execute(c.db)
    : await sql<{ id: number; n: number }>`select cp.company_id as id, count(*) as n
        from company_patents cp where ${scope}
        group by cp.company_id order by cp.company_id`.execute(c.db);
  const ranges = idRanges(
    rows.map((r) => ({ id: Number(r.id), n: Number(r.n) })),
    LAPSE_RANGE.links,
  );
  if (!c.lapseByPatent) return ranges;
  const last = (block: number) => block * 2 ** bits - 1;
  return ranges.map(([after, upTo]) => [after ? last(after) : -1, last(upTo)]);
}

/** Newest start first, then kind (ENTERPRISE_WARNING_KINDS order), enterprise, key. */
function byListOrder(a: EnterpriseWarningRow, b: EnterpriseWarningRow): number {
  return (
    b.started_on.localeCompare(a.started_on) ||
    KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! ||
    a.company_id - b.company_id ||
    a.key.localeCompare(b.key)
  );
}

/** Up to this many enterprises matching a keyword are named by id in the statements (ADR 0058). */
const FEW_IDS = 200;

interface WarningPage {
  /** One kind, or all. */
  kind?: EnterpriseWarningKind;
  offset: number;
  limit: number;
  /** Only warnings started on or after this day. */
  since?: string;
}

/**
 * The counts per kind and one page of the scope's warnings under the filters (ADR 0058): the SQL kinds counted and
 * paged in SQL, the (few) patent warnings computed and merged in; details read for the page only.
 */
async function warningPage(
  deps: Deps,
  scope: ServiceScope,
  f: WarningFilters,
  p: WarningPage,
): Promise<{ rows: EnterpriseWarningRow[]; counts: EnterpriseWarningCounts; total: number }> {
  const { db } = deps.db;
  if (scope.isMain && f.staff_id) await findStaff(db, scope, f.staff_id);
  // A keyword narrows the scope to a few enterprises: their ids are read once and named in every part (each part
  // would otherwise match the name again over the office).
  let few: number[] | null = null;
  if (f.keyword) {
    const ids = (
      await office(db, scope, f)
        .select('companies.id')
        .limit(FEW_IDS + 1)
        .execute()
    ).map((r) => Number(r.id));
    if (!ids.length) {
      const counts = Object.fromEntries(ENTERPRISE_WARNING_KINDS.map((k) => [k, 0])) as EnterpriseWarningCounts;
      return { rows: [], counts, total: 0 };
    }
    if (ids.length <= FEW_IDS) few = ids;
  }
  const feeFactsIndex = await hasFeeFactsIndex(deps);
  // A street, a staff member or a staff member's own scope: the enterprises' ids as a list (see inOffice).
  const listed = Boolean(f.street_id || f.staff_id || !scope.isMain);
  const scoped = () => (few ? db.selectFrom('companies').where('companies.id', 'in', few) : office(db, scope, f));
  const c: Ctx = {
    db,
    pg: deps.db.dialect === 'postgres',
    ownerId: scope.ownerId,
    office: scoped(),
    // The whole office: each row's enterprise checked by primary key. A narrower scope (a street, a staff member's
    // enterprises): its ids as a list, which the planners drive from — except for the parts read by their day
    // (byDay: red demands, certificates), where SQLite would otherwise seek each listed enterprise's rows and sort
    // them all (a unary + keeps it from using the column's indexes; PostgreSQL reads the same); a keyword's few
    // enterprises by their ids.
    inOffice: (column, byDay) =>
      few
        ? sql<boolean>`${sql.ref(column)} in (${sql.join(few)})`
        : listed
          ? sql<boolean>`${byDay ? sql`+${sql.ref(column)}` : sql.ref(column)} in ${scoped().select('companies.id')}`
          : sql<boolean>`exists ${scoped()
              .select(sql`1`.as('one'))
              .where(sql<boolean>`companies.id = ${sql.ref(column)}`)}`,
    today: chinaToday(deps.clock()),
    feeFactsIndex,
    lapseByPatent: feeFactsIndex && !few && !listed,
  };
  // Counts, the patents' warnings and the page's keys are three statements run side by side (on PostgreSQL each on
  // its own connection). All kinds: the first offset + limit keys of the SQL kinds are merged with the patents' rows
  // by start, kind and enterprise (two kinds never tie further; each source is already in list order), and details
  // are read for the page's keys only.
  const kinds = p.kind ? [p.kind] : SQL_KINDS;
  const [sqlCounts, patents, keys] = await Promise.all([
    countSqlKinds(c, p.since),
    getWorkingCalendar(deps)
      .then((cal) => patentLapse(c, cal))
      .then((rows) => (p.since ? rows.filter((r) => r.started_on >= p.since!) : rows)),
    p.kind === 'patent_lapse'
      ? Promise.resolve([])
      : p.kind
        ? pageSqlKinds(c, kinds as SqlKind[], p.offset, p.limit, p.since)
        : pageSqlKinds(c, kinds as SqlKind[], 0, p.offset + p.limit, p.since),
  ]);
  const counts = Object.fromEntries(
    ENTERPRISE_WARNING_KINDS.map((k) => [k, k === 'patent_lapse' ? patents.length : (sqlCounts.get(k) ?? 0)]),
  ) as EnterpriseWarningCounts;
  const total = p.kind ? counts[p.kind] : Object.values(counts).reduce((a, b) => a + b, 0);
  if (p.kind === 'patent_lapse') return { rows: patents.slice(p.offset, p.offset + p.limit), counts, total };
  if (p.kind) return { rows: await detailRows(c, keys), counts, total };
  const merged: ({ key: KeyRow } | { patent: EnterpriseWarningRow })[] = [
    ...keys.map((key) => ({ key })),
    ...patents.map((patent) => ({ patent })),
  ];
  const at = (x: (typeof merged)[number]) =>
    'key' in x
      ? { started_on: x.key.started_on, kind: x.key.kind as EnterpriseWarningKind, company_id: x.key.company_id }
      : x.patent;
  const page = merged
    .sort((x, y) => {
      const a = at(x);
      const b = at(y);
      return (
        b.started_on.localeCompare(a.started_on) ||
        KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! ||
        a.company_id - b.company_id
      );
    })
    .slice(p.offset, p.offset + p.limit);
  const details = await detailRows(
    c,
    page.flatMap((x) => ('key' in x ? [x.key] : [])),
  );
  let i = 0;
  return { rows: page.map((x) => ('key' in x ? details[i++] : x.patent)), counts, total };
}

/** Every warning of the office (main scope) started on or after `since`, newest start first (the daily delivery). */
export async function collectWarnings(
  deps: Deps,
  scope: ServiceScope,
  f: WarningFilters,
  since?: string,
): Promise<EnterpriseWarningRow[]> {
  // One pass with no limit: counting first and then reading `total` rows computed the patents' warnings twice (6 s
  // each at 709,076 patents, ADR 0079).
  return (await warningPage(deps, scope, f, { offset: 0, limit: Number.MAX_SAFE_INTEGER, since })).rows;
}

/** GET /v1/visit/dataList_two: the count per kind. */
export async function warningCounts(deps: Deps, scope: ServiceScope, f: WarningFilters): Promise<EnterpriseWarningCountsReply> {
  const { counts, total } = await warningPage(deps, scope, f, { offset: 0, limit: 0 });
  return { counts, total };
}

/** GET /v1/visit/warningList_two: one page (or, with export=1, an Excel file) of one kind or all, with the counts. */
export async function warningList(
  deps: Deps,
  scope: ServiceScope,
  q: WarningFilters & { kind?: EnterpriseWarningKind; page: number; page_size: number; export?: '0' | '1' },
): Promise<EnterpriseWarningList | EnterpriseWarningExport> {
  if (q.export === '1') {
    const { rows, total } = await warningPage(deps, scope, q, { kind: q.kind, offset: 0, limit: WARNING_EXPORT_MAX });
    return writeExport<EnterpriseWarningRow>(deps, scope.userId, {
      name: `企业预警-${chinaToday(deps.clock())}.xlsx`,
      sheet: '企业预警',
      truncated: total > WARNING_EXPORT_MAX,
      rows,
      columns: [
        { header: '预警类型', width: 14, value: (r) => r.kind_label },
        { header: '企业', width: 36, value: (r) => r.company_name },
        { header: '街道', width: 12, value: (r) => r.street_name },
        { header: '开始日期', width: 12, value: (r) => r.started_on },
        { header: '详情', width: 70, value: (r) => r.detail },
      ],
    });
  }
  const { rows, counts, total } = await warningPage(deps, scope, q, {
    kind: q.kind,
    offset: (q.page - 1) * q.page_size,
    limit: q.page_size,
  });
  return { list: rows, total, page: q.page, page_size: q.page_size, counts };
}
