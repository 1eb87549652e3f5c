// Non-patent IP a company records by hand (非专利: trademarks, copyrights, software copyrights; ADR 0021). Every
// query is filtered by the acting company: another company's ids answer as if they did not exist.
import { sql } from 'kysely';
import {
  IP_KIND_LABELS,
  IP_STATUS_LABELS,
  RECORD_EXPORT_MAX,
  expiryStatusOf,
  type IpDetail,
  type IpKind,
  type IpList,
  type IpRow,
  type IpStatus,
  type RecordExport,
  type SortOrder,
} from '@ip/contract';
import { containsText } from '../../db/sql';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { CompanyActor } from '../company/company-context';
import { markHandled } from '../messages/deliver';
import { ipExpiryChanged } from '../warnings/certificate-expiry';
import { attachmentsOf, chinaToday, checkAttachments, parseFileIds, writeExport, type ExportColumn } from '../common/records';
import { releaseAttachments } from '../common/attachment-cleanup';

export interface IpFilters {
  kind?: IpKind;
  status?: IpStatus;
  keyword?: string;
  sort_field: 'application_date' | 'registration_date' | 'expiry_date' | 'created_at';
  sort_order: SortOrder;
}

export interface IpInput {
  kind: IpKind;
  number: string;
  name: string;
  nice_class: number;
  application_date: string | null;
  registration_date: string | null;
  expiry_date: string | null;
  owner: string;
  status: IpStatus;
  note: string;
  file_ids: number[];
}

const NOT_FOUND = '该知识产权记录不存在或已删除';

function filtered(deps: Deps, companyId: number, f: Partial<IpFilters>) {
  let q = deps.db.db.selectFrom('ip_assets').where('company_id', '=', companyId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsText('name', k), containsText('number', k), containsText('owner', k)]));
  }
  return q;
}

function selectRow<Q extends ReturnType<typeof filtered>>(q: Q) {
  return q.select([
    'id',
    'kind',
    'number',
    'name',
    'nice_class',
    'application_date',
    'registration_date',
    'expiry_date',
    'owner',
    'status',
    'note',
    'file_ids',
    'created_at',
    'updated_at',
  ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

function toRow({ file_ids, ...r }: RawRow, today: string): IpRow {
  const { status, days_left } = expiryStatusOf(r.expiry_date, today);
  return {
    ...r,
    id: Number(r.id),
    kind: r.kind as IpKind,
    status: r.status as IpStatus,
    file_count: parseFileIds(file_ids).length,
    expiry_status: status,
    days_left,
  };
}

function ordered<Q extends ReturnType<typeof selectRow>>(q: Q, f: IpFilters) {
  const dir = f.sort_order === 'descend' ? 'desc' : 'asc';
  if (f.sort_field === 'created_at') return q.orderBy('created_at', dir).orderBy('id', dir);
  // Records without the date come last either way (NULL sorts first on SQLite, last on PostgreSQL).
  return q
    .orderBy(sql`case when ${sql.ref(f.sort_field)} is null then 1 else 0 end`)
    .orderBy(f.sort_field, dir)
    .orderBy('id', dir);
}

export async function listIpAssets(
  deps: Deps,
  actor: CompanyActor,
  f: IpFilters & { page: number; page_size: number },
): Promise<IpList> {
  const today = chinaToday(deps.clock());
  const base = filtered(deps, actor.companyId, f);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await ordered(selectRow(base), f)
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  return { list: rows.map((r) => toRow(r, today)), total: Number(total), page: f.page, page_size: f.page_size };
}

export async function getIpAsset(deps: Deps, actor: CompanyActor, id: number): Promise<IpDetail> {
  const r = await selectRow(filtered(deps, actor.companyId, {}))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  return { ...toRow(r, chinaToday(deps.clock())), files: await attachmentsOf(deps, parseFileIds(r.file_ids)) };
}

async function prepare(deps: Deps, actor: CompanyActor, input: IpInput, exceptId = 0): Promise<void> {
  await checkAttachments(deps, actor.companyId, input.file_ids);
  let q = deps.db.db
    .selectFrom('ip_assets')
    .select('id')
    .where('company_id', '=', actor.companyId)
    .where('kind', '=', input.kind)
    .where('number', '=', input.number)
    .where('id', '<>', exceptId);
  // The same trademark number may be registered in several classes.
  if (input.kind === 'trademark') q = q.where('nice_class', '=', input.nice_class);
  if (await q.executeTakeFirst()) {
    throw conflict(`已有注册号/登记号为「${input.number}」的${IP_KIND_LABELS[input.kind]}`);
  }
}

function columns(input: IpInput) {
  return { ...input, file_ids: JSON.stringify(input.file_ids) };
}

export async function createIpAsset(deps: Deps, actor: CompanyActor, input: IpInput): Promise<IpDetail> {
  await prepare(deps, actor, input);
  const now = deps.clock().toISOString();
  const row = await deps.db.db
    .insertInto('ip_assets')
    .values({ company_id: actor.companyId, ...columns(input), created_by: actor.userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getIpAsset(deps, actor, Number(row.id));
}

export async function updateIpAsset(deps: Deps, actor: CompanyActor, id: number, input: IpInput): Promise<IpDetail> {
  const exists = await deps.db.db
    .selectFrom('ip_assets')
    .select(['id', 'expiry_date'])
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  if (!exists) throw notFound(NOT_FOUND);
  await prepare(deps, actor, input, id);
  await deps.db.db
    .updateTable('ip_assets')
    .set({ ...columns(input), updated_at: deps.clock().toISOString() })
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .execute();
  const after = await getIpAsset(deps, actor, id);
  await ipExpiryChanged(deps, id, exists.expiry_date, { expiry_date: after.expiry_date, status: after.status });
  return after;
}

/** Deletes a record of the company and its files no other record names (ADR 0037). */
export async function deleteIpAsset(deps: Deps, actor: CompanyActor, id: number): Promise<void> {
  const gone = await deps.db.db
    .deleteFrom('ip_assets')
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .returning('file_ids')
    .executeTakeFirst();
  if (!gone) throw notFound(NOT_FOUND);
  await releaseAttachments(deps, parseFileIds(gone.file_ids));
  await markHandled(deps, 'ip_asset', id, 'ip:', actor.companyId);
}

const EXPORT_COLUMNS: ExportColumn<IpRow>[] = [
  { header: '类型', width: 12, value: (r) => IP_KIND_LABELS[r.kind] ?? r.kind },
  { header: '注册号/登记号', width: 22, value: (r) => r.number },
  { header: '名称', width: 32, value: (r) => r.name },
  { header: '商标类别', width: 10, value: (r) => (r.nice_class ? `第 ${r.nice_class} 类` : '') },
  { header: '申请日期', width: 12, value: (r) => r.application_date ?? '' },
  { header: '注册/登记日期', width: 14, value: (r) => r.registration_date ?? '' },
  { header: '有效期至', width: 12, value: (r) => r.expiry_date ?? '' },
  { header: '权利人', width: 24, value: (r) => r.owner },
  { header: '状态', width: 10, value: (r) => IP_STATUS_LABELS[r.status] ?? r.status },
  { header: '附件数', width: 8, value: (r) => r.file_count },
  { header: '备注', width: 30, value: (r) => r.note },
];

export async function exportIpAssets(deps: Deps, actor: CompanyActor, f: IpFilters): Promise<RecordExport> {
  const today = chinaToday(deps.clock());
  const rows = await ordered(selectRow(filtered(deps, actor.companyId, f)), f)
    .limit(RECORD_EXPORT_MAX + 1)
    .execute();
  return writeExport(deps, actor.userId, {
    name: `非专利知识产权-${today}.xlsx`,
    sheet: '非专利',
    columns: EXPORT_COLUMNS,
    rows: rows.slice(0, RECORD_EXPORT_MAX).map((r) => toRow(r, today)),
    truncated: rows.length > RECORD_EXPORT_MAX,
  });
}
