// Certificate expiry (ADR 0027): the /certificateExpire list (certificates and non-patent IP with an expiry date, in
// the company's lead-time bands) and the daily warning scan that delivers one message per threshold.
import {
  EXPIRE_KIND_LABELS,
  RECORD_EXPORT_MAX,
  expireStateLabel,
  expireStateOf,
  isoAddDays,
  isoDaysBetween,
  type CertificateExpireList,
  type CertificateExpireRow,
  type ExpireKind,
  type ExpireState,
  type RecordExport,
  type SortOrder,
} from '@ip/contract';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../company/company-context';
import { chinaToday, writeExport, type ExportColumn } from '../common/records';
import { deliverToCompany, markHandled } from '../messages/deliver';
import type { ScheduledTask } from '../scheduler/scheduler';
import { getLeadTimes } from './lead-times';

export interface ExpireFilters {
  state?: ExpireState;
  band?: number;
  kind?: ExpireKind;
  within_days?: number;
  keyword?: string;
  id?: number;
  sort_field: 'expiry_date' | 'name' | 'kind';
  sort_order: SortOrder;
}

/** IP no longer in force (refused, invalidated) has no expiry to watch. */
const IP_GONE = ['rejected', 'invalid'];

/** Every record of the company with an expiry date, with its state under the company's lead times. */
async function expiringRecords(
  deps: Deps,
  companyId: number,
  today: string,
  leadDays: number[],
): Promise<CertificateExpireRow[]> {
  const [certs, ips] = await Promise.all([
    deps.db.db
      .selectFrom('certificates')
      .select(['id', 'kind', 'number', 'name', 'expiry_date'])
      .where('company_id', '=', companyId)
      .where('expiry_date', 'is not', null)
      .execute(),
    deps.db.db
      .selectFrom('ip_assets')
      .select(['id', 'kind', 'number', 'name', 'expiry_date'])
      .where('company_id', '=', companyId)
      .where('expiry_date', 'is not', null)
      .where('status', 'not in', IP_GONE)
      .execute(),
  ]);
  const row = (source: 'certificate' | 'ip', r: (typeof certs)[number]): CertificateExpireRow => {
    const expiry = r.expiry_date as string;
    const daysLeft = isoDaysBetween(today, expiry);
    const { state, band } = expireStateOf(daysLeft, leadDays);
    const id = Number(r.id);
    return {
      key: `${source}:${id}`,
      source,
      id,
      kind: r.kind as ExpireKind,
      kind_label: EXPIRE_KIND_LABELS[r.kind as ExpireKind] ?? r.kind,
      number: r.number,
      name: r.name,
      expiry_date: expiry,
      days_left: daysLeft,
      state,
      band,
      state_label: expireStateLabel(state, band),
      link: source === 'certificate' ? `/certificateData?view=${id}` : `/NotpatentDetails?id=${id}`,
    };
  };
  return [...certs.map((r) => row('certificate', r)), ...ips.map((r) => row('ip', r))];
}

function applyFilters(rows: CertificateExpireRow[], f: ExpireFilters): CertificateExpireRow[] {
  const k = f.keyword?.toLowerCase();
  const out = rows.filter(
    (r) =>
      (!f.state || r.state === f.state) &&
      (!f.band || r.band === f.band) &&
      (!f.kind || r.kind === f.kind) &&
      (f.within_days === undefined || (r.days_left >= 0 && r.days_left <= f.within_days)) &&
      (!f.id || (r.source === 'certificate' && r.id === f.id)) &&
      (!k || r.name.toLowerCase().includes(k) || r.number.toLowerCase().includes(k)),
  );
  const dir = f.sort_order === 'descend' ? -1 : 1;
  const field = f.sort_field;
  return out.sort(
    (a, b) =>
      dir * (field === 'expiry_date' ? a.expiry_date.localeCompare(b.expiry_date) : a[field].localeCompare(b[field], 'zh')) ||
      dir * a.expiry_date.localeCompare(b.expiry_date) ||
      a.key.localeCompare(b.key),
  );
}

/** One page of the company's expiring records and counts by state over all of them. */
export async function listCertificateExpiry(
  deps: Deps,
  actor: CompanyActor,
  f: ExpireFilters & { page: number; page_size: number },
): Promise<CertificateExpireList> {
  const today = chinaToday(deps.clock());
  const lead = (await getLeadTimes(deps, actor.companyId)).certificate;
  const all = await expiringRecords(deps, actor.companyId, today, lead);
  const counts = { expired: 0, normal: 0, bands: Object.fromEntries(lead.map((d) => [String(d), 0])) as Record<string, number> };
  for (const r of all) {
    if (r.state === 'warning') counts.bands[String(r.band)] = (counts.bands[String(r.band)] ?? 0) + 1;
    else counts[r.state]++;
  }
  const rows = applyFilters(all, f);
  const start = (f.page - 1) * f.page_size;
  return {
    list: rows.slice(start, start + f.page_size),
    total: rows.length,
    page: f.page,
    page_size: f.page_size,
    lead_days: lead,
    counts,
  };
}

const EXPORT_COLUMNS: ExportColumn<CertificateExpireRow>[] = [
  { header: '类型', width: 18, value: (r) => r.kind_label },
  { header: '编号', width: 22, value: (r) => r.number },
  { header: '名称', width: 40, value: (r) => r.name },
  { header: '到期日期', width: 12, value: (r) => r.expiry_date },
  { header: '剩余天数', width: 10, value: (r) => r.days_left },
  { header: '状态', width: 10, value: (r) => r.state_label },
];

export async function exportCertificateExpiry(deps: Deps, actor: CompanyActor, f: ExpireFilters): Promise<RecordExport> {
  const today = chinaToday(deps.clock());
  const lead = (await getLeadTimes(deps, actor.companyId)).certificate;
  const rows = applyFilters(await expiringRecords(deps, actor.companyId, today, lead), f);
  return writeExport(deps, actor.userId, {
    name: `证书到期预警-${today}.xlsx`,
    sheet: '证书到期预警',
    columns: EXPORT_COLUMNS,
    rows: rows.slice(0, RECORD_EXPORT_MAX),
    truncated: rows.length > RECORD_EXPORT_MAX,
  });
}

// ----------------------------------------------------------------------------------------------------- the warnings

/** An expired certificate is still warned about (threshold 0) within this many days after its expiry date. */
export const EXPIRED_WARNING_DAYS = 30;

/**
 * The threshold a certificate has reached today, or null: the smallest lead time it is within, 0 once expired (for
 * EXPIRED_WARNING_DAYS). Only this one is delivered, so after days without a scan the latest passed threshold goes
 * out and the ones skipped over never do.
 */
export function reachedThreshold(daysLeft: number, leadDays: readonly number[]): number | null {
  if (daysLeft < 0) return daysLeft >= -EXPIRED_WARNING_DAYS ? 0 : null;
  const within = leadDays.filter((d) => daysLeft <= d);
  return within.length ? Math.min(...within) : null;
}

/**
 * Delivers today's expiry warnings of every company — certificates and, with the same lead times and keys of the same
 * form, non-patent IP still in force (trademarks, copyrights, software; ADR 0033) — one message per threshold;
 * returns how many messages were new.
 */
export async function scanCertificateExpiry(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const today = chinaToday(deps.clock());
  const from = isoAddDays(today, -EXPIRED_WARNING_DAYS);
  const [certCompanies, ipCompanies] = await Promise.all([
    deps.db.db.selectFrom('certificates').select('company_id').distinct().where('expiry_date', '>=', from).execute(),
    deps.db.db
      .selectFrom('ip_assets')
      .select('company_id')
      .distinct()
      .where('expiry_date', '>=', from)
      .where('status', 'not in', IP_GONE)
      .execute(),
  ]);
  const companies = [...new Set([...certCompanies, ...ipCompanies].map((c) => Number(c.company_id)))].sort((a, b) => a - b);
  let delivered = 0;
  for (const companyId of companies) {
    const lead = (await getLeadTimes(deps, companyId)).certificate;
    const until = isoAddDays(today, Math.max(...lead));
    const [certs, ips] = await Promise.all([
      deps.db.db
        .selectFrom('certificates')
        .select(['id', 'kind', 'number', 'name', 'expiry_date'])
        .where('company_id', '=', companyId)
        .where('expiry_date', '>=', from)
        .where('expiry_date', '<=', until)
        .execute(),
      deps.db.db
        .selectFrom('ip_assets')
        .select(['id', 'kind', 'number', 'name', 'expiry_date'])
        .where('company_id', '=', companyId)
        .where('expiry_date', '>=', from)
        .where('expiry_date', '<=', until)
        .where('status', 'not in', IP_GONE)
        .execute(),
    ]);
    const records = [
      ...certs.map((c) => ({ ...c, source: 'certificate' as const })),
      ...ips.map((c) => ({ ...c, source: 'ip' as const })),
    ];
    for (const c of records) {
      const expiry = c.expiry_date as string;
      const daysLeft = isoDaysBetween(today, expiry);
      const threshold = reachedThreshold(daysLeft, lead);
      if (threshold === null) continue;
      const id = Number(c.id);
      const cert = c.source === 'certificate';
      const kind = EXPIRE_KIND_LABELS[c.kind as ExpireKind] ?? (cert ? '证书' : '知识产权');
      const when =
        daysLeft < 0
          ? `已于 ${expiry} 到期`
          : daysLeft === 0
            ? `今天（${expiry}）到期`
            : `将于 ${expiry} 到期，剩余 ${daysLeft} 天`;
      delivered += await deliverToCompany(deps, companyId, {
        kind: 'certificate',
        title: `${kind}「${c.name}」${when}`,
        body: `${kind}「${c.name}」（编号 ${c.number || '—'}）${when}，${cert ? '请及时办理续期或复审' : '请及时办理续展或续期'}。`,
        link: cert ? `/certificateExpire?id=${id}` : `/NotpatentDetails?id=${id}`,
        objectType: cert ? 'certificate' : 'ip_asset',
        objectId: id,
        key: `${cert ? 'cert' : 'ip'}:${id}:${expiry}:${threshold}`,
      });
    }
  }
  return delivered;
}

/**
 * A non-patent IP record's expiry date changed (renewed), it is no longer in force, or it was deleted: the warnings
 * about its old date are handled (they stay in the message centre as 已处理), as for a certificate.
 */
export async function ipExpiryChanged(
  deps: Pick<Deps, 'db' | 'clock'>,
  ipId: number,
  oldExpiry: string | null,
  next: { expiry_date: string | null; status: string } | null,
): Promise<void> {
  if (!oldExpiry) return;
  if (next && next.expiry_date === oldExpiry && !IP_GONE.includes(next.status)) return;
  await markHandled(deps, 'ip_asset', ipId, `ip:${ipId}:${oldExpiry}:`);
}

/**
 * A certificate's expiry date changed (renewed) or it was deleted: the warnings about its old date are handled (they
 * stay in the message centre, shown as 已处理). A new date warns again under its own keys.
 */
export async function certificateExpiryChanged(
  deps: Pick<Deps, 'db' | 'clock'>,
  certificateId: number,
  oldExpiry: string | null,
  newExpiry: string | null | undefined,
): Promise<void> {
  if (!oldExpiry || oldExpiry === newExpiry) return;
  await markHandled(deps, 'certificate', certificateId, `cert:${certificateId}:${oldExpiry}:`);
}

/** Each morning at 08:00 (Asia/Shanghai) and once at start (a morning missed while the server was down). */
export const certificateExpiryTask: ScheduledTask = {
  name: 'certificate-expiry-warnings',
  cron: '0 0 8 * * *',
  runAtStart: true,
  run: (deps) => scanCertificateExpiry(deps),
};
