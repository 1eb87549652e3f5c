// Certificates of a company (证书管理, ADR 0021). Every query is filtered by the acting company: an id of another
// company's certificate, patent or file is answered as if it did not exist.
import { sql } from 'kysely';
import {
  CERTIFICATE_KIND_LABELS,
  EXPIRING_SOON_DAYS,
  EXPIRY_STATUS_LABELS,
  RECORD_EXPORT_MAX,
  expiryStatusOf,
  isoAddDays,
  type CertificateDetail,
  type CertificateKind,
  type CertificateList,
  type CertificatePatent,
  type CertificateRow,
  type ExpiryStatus,
  type RecordExport,
  type SortOrder,
} from '@ip/contract';
import { containsText } from '../../db/sql';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { CompanyActor } from '../company/company-context';
import { markHandled } from '../messages/deliver';
import { certificateExpiryChanged } from '../warnings/certificate-expiry';
import { attachmentsOf, chinaToday, checkAttachments, parseFileIds, writeExport, type ExportColumn } from '../common/records';
import { releaseAttachments } from '../common/attachment-cleanup';

export interface CertificateFilters {
  kind?: CertificateKind;
  status?: ExpiryStatus;
  keyword?: string;
  patent_id?: number;
  sort_field: 'expiry_date' | 'issue_date' | 'created_at';
  sort_order: SortOrder;
}

export interface CertificateInput {
  kind: CertificateKind;
  number: string;
  name: string;
  issuer: string;
  issue_date: string;
  expiry_date: string | null;
  patent_id: number;
  note: string;
  file_ids: number[];
}

const NOT_FOUND = '证书不存在或已删除';

/** The certificates of the company matching the filters, with their patent (left join), not yet ordered or paged. */
function filtered(deps: Deps, companyId: number, f: Omit<CertificateFilters, 'sort_field' | 'sort_order'>, today: string) {
  let q = deps.db.db
    .selectFrom('certificates as c')
    .leftJoin('patents as p', 'p.id', 'c.patent_id')
    .where('c.company_id', '=', companyId);
  if (f.kind) q = q.where('c.kind', '=', f.kind);
  if (f.patent_id) q = q.where('c.patent_id', '=', f.patent_id);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) =>
      eb.or([
        containsText('c.name', k),
        containsText('c.number', k),
        containsText('c.issuer', k),
        containsText('p.title', k),
        containsText('p.an', k),
      ]),
    );
  }
  const soon = isoAddDays(today, EXPIRING_SOON_DAYS);
  if (f.status === 'expired') q = q.where('c.expiry_date', '<', today);
  if (f.status === 'expiring') q = q.where('c.expiry_date', '>=', today).where('c.expiry_date', '<=', soon);
  if (f.status === 'valid') q = q.where((eb) => eb.or([eb('c.expiry_date', 'is', null), eb('c.expiry_date', '>', soon)]));
  return q;
}

function selectRow<Q extends ReturnType<typeof filtered>>(q: Q) {
  return q.select([
    'c.id',
    'c.kind',
    'c.number',
    'c.name',
    'c.issuer',
    'c.issue_date',
    'c.expiry_date',
    'c.patent_id',
    'c.note',
    'c.file_ids',
    'c.created_at',
    'c.updated_at',
    'p.title as p_title',
    'p.an as p_an',
    'p.gn as p_gn',
    'p.type as p_type',
    'p.legal_status as p_legal_status',
    'p.expiry_date as p_expiry_date',
  ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

function toRow(r: RawRow, today: string): CertificateRow {
  const patent: CertificatePatent | null =
    r.patent_id && r.p_title != null
      ? {
          id: r.patent_id,
          title: r.p_title,
          an: r.p_an ?? null,
          gn: r.p_gn ?? null,
          type: r.p_type ?? '',
          legal_status: r.p_legal_status ?? '',
          expiry_date: r.p_expiry_date ?? null,
        }
      : null;
  return {
    id: Number(r.id),
    kind: r.kind as CertificateKind,
    number: r.number,
    name: r.name,
    issuer: r.issuer,
    issue_date: r.issue_date,
    expiry_date: r.expiry_date,
    patent_id: r.patent_id,
    patent,
    note: r.note,
    file_count: parseFileIds(r.file_ids).length,
    ...expiryStatusOf(r.expiry_date, today),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

function ordered<Q extends ReturnType<typeof selectRow>>(q: Q, f: CertificateFilters) {
  const dir = f.sort_order === 'descend' ? 'desc' : 'asc';
  // Records without an expiry date come last either way (NULL sorts first on SQLite, last on PostgreSQL).
  if (f.sort_field === 'expiry_date') {
    return q
      .orderBy(sql`case when c.expiry_date is null then 1 else 0 end`)
      .orderBy('c.expiry_date', dir)
      .orderBy('c.id', dir);
  }
  return q.orderBy(`c.${f.sort_field}`, dir).orderBy('c.id', dir);
}

/** One page of the company's certificates, and counts by status over all of them. */
export async function listCertificates(
  deps: Deps,
  actor: CompanyActor,
  f: CertificateFilters & { page: number; page_size: number },
): Promise<CertificateList> {
  const today = chinaToday(deps.clock());
  const base = filtered(deps, actor.companyId, f, today);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await ordered(selectRow(base), f)
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  const soon = isoAddDays(today, EXPIRING_SOON_DAYS);
  const c = await deps.db.db
    .selectFrom('certificates')
    .where('company_id', '=', actor.companyId)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when expiry_date < ${today} then 1 else 0 end), 0)`.as('expired'),
      sql<number>`coalesce(sum(case when expiry_date >= ${today} and expiry_date <= ${soon} then 1 else 0 end), 0)`.as(
        'expiring',
      ),
    ])
    .executeTakeFirstOrThrow();
  const counts = { total: Number(c.total), expired: Number(c.expired), expiring: Number(c.expiring), valid: 0 };
  counts.valid = counts.total - counts.expired - counts.expiring;
  return { list: rows.map((r) => toRow(r, today)), total: Number(total), page: f.page, page_size: f.page_size, counts };
}

/** One certificate of the company with its attachments (signed links); 404 for any other id. */
export async function getCertificate(deps: Deps, actor: CompanyActor, id: number): Promise<CertificateDetail> {
  const today = chinaToday(deps.clock());
  const r = await selectRow(filtered(deps, actor.companyId, {}, today))
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  return { ...toRow(r, today), files: await attachmentsOf(deps, parseFileIds(r.file_ids)) };
}

/** A patent of the company's portfolio (not removed, not merely collected), or null. */
async function portfolioPatent(deps: Deps, companyId: number, patentId: number) {
  return deps.db.db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .select(['p.id', 'p.expiry_date'])
    .where('cp.company_id', '=', companyId)
    .where('cp.patent_id', '=', patentId)
    .where('cp.removed', '=', 0)
    .where('cp.source', '<>', 'collect')
    .executeTakeFirst();
}

/** Checks what a certificate refers to and fills in what it takes from its patent. */
async function prepare(deps: Deps, actor: CompanyActor, input: CertificateInput, exceptId = 0): Promise<CertificateInput> {
  const out = { ...input };
  if (out.kind === 'patent') {
    const patent = await portfolioPatent(deps, actor.companyId, out.patent_id);
    if (!patent) {
      throw badRequest('所选专利不在本企业的专利库中', [{ path: 'patent_id', msg: '所选专利不在本企业的专利库中' }]);
    }
    // A patent certificate has no term of its own: it lasts as long as the patent, unless a date was entered.
    out.expiry_date ??= patent.expiry_date && patent.expiry_date >= out.issue_date ? patent.expiry_date : null;
  } else {
    out.patent_id = 0;
  }
  await checkAttachments(deps, actor.companyId, out.file_ids);
  const same = await deps.db.db
    .selectFrom('certificates')
    .select('id')
    .where('company_id', '=', actor.companyId)
    .where('kind', '=', out.kind)
    .where('number', '=', out.number)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (same) throw conflict(`已有编号为「${out.number}」的${CERTIFICATE_KIND_LABELS[out.kind]}`);
  return out;
}

function columns(input: CertificateInput) {
  return {
    kind: input.kind,
    number: input.number,
    name: input.name,
    issuer: input.issuer,
    issue_date: input.issue_date,
    expiry_date: input.expiry_date,
    patent_id: input.patent_id,
    note: input.note,
    file_ids: JSON.stringify(input.file_ids),
  };
}

export async function createCertificate(deps: Deps, actor: CompanyActor, input: CertificateInput): Promise<CertificateDetail> {
  const v = await prepare(deps, actor, input);
  const now = deps.clock().toISOString();
  const row = await deps.db.db
    .insertInto('certificates')
    .values({ company_id: actor.companyId, ...columns(v), created_by: actor.userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getCertificate(deps, actor, Number(row.id));
}

export async function updateCertificate(
  deps: Deps,
  actor: CompanyActor,
  id: number,
  input: CertificateInput,
): Promise<CertificateDetail> {
  const exists = await deps.db.db
    .selectFrom('certificates')
    .select(['id', 'expiry_date'])
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!exists) throw notFound(NOT_FOUND);
  const v = await prepare(deps, actor, input, id);
  await deps.db.db
    .updateTable('certificates')
    .set({ ...columns(v), updated_at: deps.clock().toISOString() })
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .execute();
  await certificateExpiryChanged(deps, id, exists.expiry_date, v.expiry_date);
  return getCertificate(deps, actor, id);
}

/** Deletes a certificate of the company and its files no other record names (ADR 0037). */
export async function deleteCertificate(deps: Deps, actor: CompanyActor, id: number): Promise<void> {
  const gone = await deps.db.db
    .deleteFrom('certificates')
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .returning('file_ids')
    .executeTakeFirst();
  if (!gone) throw notFound(NOT_FOUND);
  await markHandled(deps, 'certificate', id);
  await releaseAttachments(deps, parseFileIds(gone.file_ids));
}

/** The company's portfolio patents whose title, application or grant number contains the keyword (the form's picker). */
export async function portfolioPatents(
  deps: Deps,
  actor: CompanyActor,
  keyword: string | undefined,
  limit: number,
): Promise<CertificatePatent[]> {
  let q = deps.db.db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .select(['p.id', 'p.title', 'p.an', 'p.gn', 'p.type', 'p.legal_status', 'p.expiry_date'])
    .where('cp.company_id', '=', actor.companyId)
    .where('cp.removed', '=', 0)
    .where('cp.source', '<>', 'collect');
  if (keyword) {
    q = q.where((eb) => eb.or([containsText('p.title', keyword), containsText('p.an', keyword), containsText('p.gn', keyword)]));
  }
  const rows = await q.orderBy('p.ad', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), type: r.type ?? '', legal_status: r.legal_status ?? '' }));
}

const EXPORT_COLUMNS: ExportColumn<CertificateRow>[] = [
  { header: '证书类型', width: 18, value: (r) => CERTIFICATE_KIND_LABELS[r.kind] ?? r.kind },
  { header: '证书编号', width: 22, value: (r) => r.number },
  { header: '证书名称', width: 36, value: (r) => r.name },
  { header: '发证机构', width: 24, value: (r) => r.issuer },
  { header: '发证日期', width: 12, value: (r) => r.issue_date },
  { header: '有效期至', width: 12, value: (r) => r.expiry_date ?? '长期有效' },
  { header: '状态', width: 10, value: (r) => EXPIRY_STATUS_LABELS[r.status] },
  { header: '剩余天数', width: 10, value: (r) => r.days_left ?? '' },
  { header: '所属专利', width: 36, value: (r) => (r.patent ? r.patent.title : '') },
  { header: '专利申请号', width: 20, value: (r) => r.patent?.an ?? '' },
  { header: '附件数', width: 8, value: (r) => r.file_count },
  { header: '备注', width: 30, value: (r) => r.note },
];

/** The filtered list (in the list's order, up to RECORD_EXPORT_MAX rows) as an Excel file of the user. */
export async function exportCertificates(deps: Deps, actor: CompanyActor, f: CertificateFilters): Promise<RecordExport> {
  const today = chinaToday(deps.clock());
  const rows = await ordered(selectRow(filtered(deps, actor.companyId, f, today)), f)
    .limit(RECORD_EXPORT_MAX + 1)
    .execute();
  const truncated = rows.length > RECORD_EXPORT_MAX;
  return writeExport(deps, actor.userId, {
    name: `证书列表-${today}.xlsx`,
    sheet: '证书',
    columns: EXPORT_COLUMNS,
    rows: rows.slice(0, RECORD_EXPORT_MAX).map((r) => toRow(r, today)),
    truncated,
  });
}
