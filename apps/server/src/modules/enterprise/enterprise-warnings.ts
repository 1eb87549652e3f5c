import { sql, type Kysely } from 'kysely';
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
import { feeNext } from '../fees/fee-engine';
import { feeTypeOf } from '../fees/fee-facts';
import { dueSql } from './demand-lights';
import { inScope, type ServiceScope } from './service-scope';
import { findStaff } from './staff';

// Enterprise warnings (issue 12, bundle B5, ADR 0048, DOMAIN §5): five kinds, each with the day it started, computed
// when asked (never stored) for the enterprises in the caller's scope (service-scope.ts), so a warning appears and
// ends on the right day as the clock moves. The daily task (enterprise-warnings-task.ts) delivers new ones once.

type Db = Kysely<Database>;

export interface WarningFilters {
  street_id?: number;
  staff_id?: number;
  keyword?: string;
}

/** The office's enterprises under the filters, as a subquery of ids. */
function officeIds(db: Db, scope: ServiceScope, f: WarningFilters) {
  let q = db
    .selectFrom('companies')
    .select('companies.id')
    .where(inScope(scope, scope.isMain ? f.staff_id : undefined));
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

/** The Shanghai day of an ISO timestamp. */
const dayOf = (iso: string) => chinaToday(new Date(iso));

/** 久未走访: no done visit for WARNING_NO_VISIT_DAYS days (counted from the enterprise's creation when never visited). */
async function noVisit(db: Db, ids: ReturnType<typeof officeIds>, today: string): Promise<EnterpriseWarningRow[]> {
  const { rows } = await sql<{
    company_id: number;
    company_name: string;
    street_name: string;
    created_at: string;
    last_visit: string | null;
  }>`select * from (select c.id as company_id, c.company_name, c.street_name, c.created_at,
      (select max(v.visit_date) from visits v
        where v.company_id = c.id and v.status = 'done' and v.visit_date <= ${today}) as last_visit
      from companies c where c.id in (${ids})) x
    where x.last_visit is null or x.last_visit <= ${isoAddDays(today, -(WARNING_NO_VISIT_DAYS + 1))}`.execute(db);
  const out: EnterpriseWarningRow[] = [];
  for (const r of rows) {
    const base = r.last_visit || dayOf(r.created_at);
    const started = isoAddDays(base, WARNING_NO_VISIT_DAYS + 1);
    if (started > today) continue;
    const detail = r.last_visit
      ? `最近一次走访为 ${r.last_visit}，已 ${isoDaysBetween(r.last_visit, today)} 天未走访`
      : `纳入服务（${base}）后尚未走访，已 ${isoDaysBetween(base, today)} 天`;
    out.push(
      row('no_visit', `${r.company_id}:${started}`, r, started, detail, {
        href: visitLink(r.company_id, r.company_name),
        text: '发起走访',
      }),
    );
  }
  return out;
}

const DUE_STAGE = (r: { contacted_at: string | null; replied_at: string | null }) =>
  !r.contacted_at ? '联系企业' : !r.replied_at ? '首次答复' : '办结';

/** 需求红灯: an open demand past its current limit (dueSql: red from the day after the due day). */
async function demandRed(
  db: Db,
  ownerId: number,
  ids: ReturnType<typeof officeIds>,
  today: string,
): Promise<EnterpriseWarningRow[]> {
  const due = dueSql('d');
  const { rows } = await sql<{
    id: number;
    title: string;
    company_id: number;
    company_name: string;
    street_name: string;
    contacted_at: string | null;
    replied_at: string | null;
    due: string;
  }>`select d.id, d.title, d.company_id, c.company_name, c.street_name, d.contacted_at, d.replied_at, ${due} as due
    from demands d join companies c on c.id = d.company_id
    where d.owner_id = ${ownerId} and d.status in ('registered', 'assigned') and d.company_id in (${ids})
      and ${due} < ${today}`.execute(db);
  return rows.map((r) =>
    row(
      'demand_red',
      `${r.id}:${r.due}`,
      r,
      isoAddDays(r.due, 1),
      `需求“${r.title}”应于 ${r.due} 前${DUE_STAGE(r)}，已超期 ${isoDaysBetween(r.due, today)} 天`,
      { href: `/workWaitvisit3?id=${r.id}`, text: '办理需求' },
    ),
  );
}

/**
 * 专利即将失效: an own patent (company_patents, not removed, not only collected) whose next annual fee is in its grace
 * period (fee engine state 'grace': past the due date, up to the last day before lapse). Started the day after the
 * due date; ends when the year is paid or the patent lapses.
 */
async function patentLapse(
  db: Db,
  ids: ReturnType<typeof officeIds>,
  today: string,
  cal: WorkingCalendar,
  postgres: boolean,
): Promise<EnterpriseWarningRow[]> {
  const bit = postgres ? sql`(1 << f.year)::bigint` : sql`(1 << f.year)`;
  const { rows } = await sql<{
    company_id: number;
    company_name: string;
    street_name: string;
    id: number;
    an: string | null;
    pn: string | null;
    title: string;
    ad: string | null;
    gd: string | null;
    type: string;
    country: string;
    term_adjustment_days: number;
    fee_reduction_pct: number;
    paid: number | string | null;
  }>`select cp.company_id, c.company_name, c.street_name, p.id, p.an, p.pn, p.title, p.ad, p.gd, p.type, p.country,
      p.term_adjustment_days, p.fee_reduction_pct,
      (select sum(${bit}) from fee_payments f
        where f.company_id = cp.company_id and f.patent_id = p.id and f.year between 1 and 30) as paid
    from company_patents cp join companies c on c.id = cp.company_id join patents p on p.id = cp.patent_id
    where cp.company_id in (${ids}) and cp.removed = 0 and cp.source <> 'collect' and p.ad is not null
      and p.gd is not null`.execute(db);
  const out: EnterpriseWarningRow[] = [];
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
    if (!next || next.state !== 'grace') continue;
    const number = r.an || r.pn || `专利 ${r.id}`;
    out.push(
      row(
        'patent_lapse',
        `${r.id}:${next.year}`,
        r,
        isoAddDays(next.due, 1),
        `${number}《${r.title}》第 ${next.year} 年年费已逾期未缴，最后缴费日 ${next.graceEnd}（还有 ${isoDaysBetween(today, next.graceEnd)} 天），逾期未缴专利权终止`,
      ),
    );
  }
  return out;
}

/** 证书即将到期: a certificate from WARNING_CERT_LEAD_DAYS before its expiry to WARNING_CERT_EXPIRED_DAYS after it. */
async function certExpiry(db: Db, ids: ReturnType<typeof officeIds>, today: string): Promise<EnterpriseWarningRow[]> {
  const rows = await db
    .selectFrom('certificates')
    .innerJoin('companies', 'companies.id', 'certificates.company_id')
    .select([
      'certificates.id',
      'certificates.name',
      'certificates.number',
      'certificates.expiry_date',
      'certificates.company_id',
      'companies.company_name',
      'companies.street_name',
    ])
    .where('certificates.company_id', 'in', ids)
    .where('certificates.expiry_date', '>=', isoAddDays(today, -WARNING_CERT_EXPIRED_DAYS))
    .where('certificates.expiry_date', '<=', isoAddDays(today, WARNING_CERT_LEAD_DAYS))
    .execute();
  return rows.map((r) => {
    const expiry = r.expiry_date as string;
    const left = isoDaysBetween(today, expiry);
    const when = left >= 0 ? `将于 ${expiry} 到期（还有 ${left} 天）` : `已于 ${expiry} 到期（已过期 ${-left} 天）`;
    const number = r.number ? `（${r.number}）` : '';
    return row(
      'cert_expiry',
      `${r.id}:${expiry}`,
      r,
      isoAddDays(expiry, -WARNING_CERT_LEAD_DAYS),
      `证书“${r.name}”${number}${when}`,
    );
  });
}

/** 新增诉讼: a case in which one of the enterprise's names is a party, filed in the last WARNING_LITIGATION_DAYS days. */
async function litigation(db: Db, ids: ReturnType<typeof officeIds>, today: string): Promise<EnterpriseWarningRow[]> {
  const from = isoAddDays(today, -(WARNING_LITIGATION_DAYS - 1));
  const { rows } = await sql<{
    case_id: number;
    case_no: string;
    court: string;
    cause: string;
    role: string;
    filing_date: string;
    company_id: number;
    company_name: string;
    street_name: string;
  }>`select lc.id as case_id, lc.case_no, lc.court, lc.cause, min(lp.role) as role, lc.filing_date, cn.company_id,
      c.company_name, c.street_name
    from company_names cn
      join companies c on c.id = cn.company_id
      join litigation_parties lp on lp.name_key = cn.name
      join litigation_cases lc on lc.id = lp.case_id
    where cn.company_id in (${ids}) and lc.filing_date >= ${from} and lc.filing_date <= ${today}
    group by lc.id, lc.case_no, lc.court, lc.cause, lc.filing_date, cn.company_id, c.company_name, c.street_name`.execute(db);
  return rows.map((r) =>
    row(
      'litigation',
      `${r.case_id}:${r.company_id}`,
      r,
      r.filing_date,
      `${r.filing_date} 立案：${r.case_no}（${r.court}，${r.cause}），企业为${r.role}`,
    ),
  );
}

/** Every warning of the scope under the filters (only `kinds`), newest start first. */
export async function collectWarnings(
  deps: Deps,
  scope: ServiceScope,
  f: WarningFilters,
  kinds: readonly EnterpriseWarningKind[] = ENTERPRISE_WARNING_KINDS,
): Promise<EnterpriseWarningRow[]> {
  const { db } = deps.db;
  if (scope.isMain && f.staff_id) await findStaff(db, scope, f.staff_id);
  const today = chinaToday(deps.clock());
  const ids = officeIds(db, scope, f);
  const want = new Set(kinds);
  const parts = await Promise.all([
    want.has('no_visit') ? noVisit(db, ids, today) : [],
    want.has('demand_red') ? demandRed(db, scope.ownerId, ids, today) : [],
    want.has('patent_lapse')
      ? getWorkingCalendar(deps).then((cal) => patentLapse(db, ids, today, cal, deps.db.dialect === 'postgres'))
      : [],
    want.has('cert_expiry') ? certExpiry(db, ids, today) : [],
    want.has('litigation') ? litigation(db, ids, today) : [],
  ]);
  const order = new Map(ENTERPRISE_WARNING_KINDS.map((k, i) => [k, i]));
  // One row per key: a patent linked to an enterprise twice (two sources) is one warning.
  const unique = new Map(parts.flat().map((r) => [r.key, r]));
  return [...unique.values()].sort(
    (a, b) =>
      b.started_on.localeCompare(a.started_on) ||
      order.get(a.kind)! - order.get(b.kind)! ||
      a.company_id - b.company_id ||
      a.key.localeCompare(b.key),
  );
}

function countKinds(rows: readonly EnterpriseWarningRow[]): EnterpriseWarningCounts {
  const counts = Object.fromEntries(ENTERPRISE_WARNING_KINDS.map((k) => [k, 0])) as EnterpriseWarningCounts;
  for (const r of rows) counts[r.kind]++;
  return counts;
}

/** GET /v1/visit/dataList_two: the count per kind. */
export async function warningCounts(deps: Deps, scope: ServiceScope, f: WarningFilters): Promise<EnterpriseWarningCountsReply> {
  const rows = await collectWarnings(deps, scope, f);
  return { counts: countKinds(rows), total: rows.length };
}

/** GET /v1/visit/warningList_two: one page (or, with export=1, an Excel file) of one kind or all, with the counts. */
export async function warningList(
  deps: Deps,
  scope: ServiceScope,
  q: WarningFilters & { kind?: EnterpriseWarningKind; page: number; page_size: number; export?: '0' | '1' },
): Promise<EnterpriseWarningList | EnterpriseWarningExport> {
  const all = await collectWarnings(deps, scope, q);
  const rows = q.kind ? all.filter((r) => r.kind === q.kind) : all;
  if (q.export === '1') {
    return writeExport<EnterpriseWarningRow>(deps, scope.userId, {
      name: `企业预警-${chinaToday(deps.clock())}.xlsx`,
      sheet: '企业预警',
      truncated: rows.length > WARNING_EXPORT_MAX,
      rows: rows.slice(0, WARNING_EXPORT_MAX),
      columns: [
        { header: '预警类型', width: 14, value: (r) => r.kind_label },
        { header: '企业', width: 36, value: (r) => r.company_name },
        { header: '街道', width: 12, value: (r) => r.street_name },
        { header: '开始日期', width: 12, value: (r) => r.started_on },
        { header: '详情', width: 70, value: (r) => r.detail },
      ],
    });
  }
  const start = (q.page - 1) * q.page_size;
  return {
    list: rows.slice(start, start + q.page_size),
    total: rows.length,
    page: q.page,
    page_size: q.page_size,
    counts: countKinds(all),
  };
}
