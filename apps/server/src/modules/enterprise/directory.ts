// The enterprise directory (issue 12, bundle B4, ADR 0041): one enterprise's patents, trademarks, litigation and
// honours for the office that serves it, and the honours of all its enterprises (/honor). Every call goes through
// the service scope of ADR 0038: an enterprise outside it answers 404 like an unknown one, before anything changes.
import {
  HONOR_EXPORT_MAX,
  type CompanyPatentList,
  type CompanyPatentListQuery,
  type CompanyRecordsQuery,
  type CompanyTrademarkRow,
  type DirectoryPage,
  type HonorAddBody,
  type HonorEditBody,
  type HonorExportBody,
  type HonorLevel,
  type HonorList,
  type HonorListQuery,
  type HonorRow,
  type LitigationIndexReply,
  type RecordExport,
} from '@ip/contract';
import type { ExpressionBuilder } from 'kysely';
import { refreshCompanyFacts } from '../grading/facts';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { containsText } from '../../db/sql';
import { badRequest, notFound } from '../../http/errors';
import { signedFileUrl } from '../common/file-store';
import { writeExport } from '../common/records';
import { listCompanyCases } from '../litigation/litigation.repo';
import { assertInScope, inScope, type ServiceScope } from './service-scope';

/** A company's linked patents: its portfolio links that are not removed and not mere collections (as patent_num). */
function linkedPatents(deps: Deps, companyId: number) {
  return deps.db.db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .where('cp.company_id', '=', companyId)
    .where('cp.removed', '=', 0)
    .where('cp.source', '<>', 'collect');
}

/** GET /v1/company/patentlist */
export async function companyPatents(deps: Deps, scope: ServiceScope, q: CompanyPatentListQuery): Promise<CompanyPatentList> {
  await assertInScope(deps.db.db, scope, [q.company_id]);
  const all = linkedPatents(deps, q.company_id);
  let base = all;
  if (q.type) base = base.where('p.type', '=', q.type);
  if (q.status) base = base.where('p.legal_status', '=', q.status);
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([containsText('p.title', kw), containsText('p.an', kw), containsText('p.pn', kw)]));
  }
  const [total, rows, facets] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['p.id', 'p.an', 'p.pn', 'p.title', 'p.type', 'p.legal_status', 'p.ad', 'p.gd', 'p.first_applicant'])
      .orderBy('p.ad', 'desc')
      .orderBy('p.id', 'desc')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    all
      .select(['p.type', 'p.legal_status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['p.type', 'p.legal_status'])
      .execute(),
  ]);
  const counts = { total: 0, 发明: 0, 实用新型: 0, 外观设计: 0, 有权: 0 };
  for (const f of facets) {
    const n = Number(f.n);
    counts.total += n;
    if (f.type === '发明' || f.type === '实用新型' || f.type === '外观设计') counts[f.type] += n;
    if (f.legal_status === '有权') counts.有权 += n;
  }
  return {
    list: rows.map((r) => ({ ...r, id: Number(r.id) })),
    total: Number(total.n),
    page: q.page,
    page_size: q.page_size,
    counts,
  };
}

/** GET /v1/company/trademarklist: the trademarks the enterprise (its users) recorded (ip_assets, kind trademark). */
export async function companyTrademarks(
  deps: Deps,
  scope: ServiceScope,
  q: CompanyRecordsQuery,
): Promise<DirectoryPage<CompanyTrademarkRow>> {
  await assertInScope(deps.db.db, scope, [q.company_id]);
  const base = deps.db.db.selectFrom('ip_assets').where('company_id', '=', q.company_id).where('kind', '=', 'trademark');
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'number', 'name', 'nice_class', 'application_date', 'registration_date', 'expiry_date', 'status'])
      .orderBy('application_date', 'desc')
      .orderBy('id', 'desc')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
  ]);
  return {
    list: rows.map((r) => ({ ...r, id: Number(r.id), nice_class: Number(r.nice_class) })),
    total: Number(total.n),
    page: q.page,
    page_size: q.page_size,
  };
}

/** GET /v1/company/litigationlist: the cases the enterprise is a party to or its users follow (litigation module). */
export async function companyLitigation(deps: Deps, scope: ServiceScope, q: CompanyRecordsQuery): Promise<LitigationIndexReply> {
  await assertInScope(deps.db.db, scope, [q.company_id]);
  return listCompanyCases(deps.db, q.company_id, { page: q.page, page_size: q.page_size, relation: 'all' });
}

// ---- honours ----

type HonorFilter = Pick<HonorListQuery, 'company_id' | 'level' | 'year' | 'street_id' | 'keyword'>;

function honorQuery(deps: Deps, scope: ServiceScope, f: HonorFilter) {
  let q = deps.db.db
    .selectFrom('company_honors')
    .innerJoin('companies', 'companies.id', 'company_honors.company_id')
    .where((eb) => inScope(scope)(eb as unknown as ExpressionBuilder<Database, 'companies'>));
  if (f.company_id !== undefined) q = q.where('company_honors.company_id', '=', f.company_id);
  if (f.level) q = q.where('company_honors.level', '=', f.level);
  if (f.year !== undefined) q = q.where('company_honors.year', '=', f.year);
  if (f.street_id !== undefined) q = q.where('companies.street_id', '=', f.street_id);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) =>
      eb.or([
        containsText('company_honors.name', kw),
        containsText('companies.company_name', kw),
        containsText('company_honors.issuer', kw),
      ]),
    );
  }
  return q;
}

type HonorQuery = ReturnType<typeof honorQuery>;

const HONOR_COLUMNS = [
  'company_honors.id',
  'company_honors.company_id',
  'companies.company_name',
  'companies.street_name',
  'company_honors.name',
  'company_honors.level',
  'company_honors.year',
  'company_honors.issuer',
  'company_honors.file_id',
  'company_honors.created_at',
  'company_honors.updated_at',
] as const;

async function honorRows(deps: Deps, q: HonorQuery, limit: number, offset: number): Promise<HonorRow[]> {
  const rows = await q
    .select([...HONOR_COLUMNS])
    .orderBy('company_honors.year', 'desc')
    .orderBy('company_honors.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const fileIds = [...new Set(rows.map((r) => Number(r.file_id)).filter((id) => id > 0))];
  const files = new Map<number, string>();
  if (fileIds.length) {
    for (const f of await deps.db.db.selectFrom('files').select(['id', 'name']).where('id', 'in', fileIds).execute())
      files.set(Number(f.id), f.name);
  }
  return rows.map((r) => {
    const fileId = Number(r.file_id);
    const name = files.get(fileId);
    return {
      id: Number(r.id),
      company_id: Number(r.company_id),
      company_name: r.company_name,
      street_name: r.street_name,
      name: r.name,
      level: r.level as HonorLevel,
      year: Number(r.year),
      issuer: r.issuer,
      file_id: fileId,
      file: name !== undefined ? { id: fileId, name, url: signedFileUrl(deps, fileId) } : null,
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  });
}

/** GET /v1/company/honorlist: one enterprise's honours (company_id) or every honour in scope, filtered and paged. */
export async function listHonors(deps: Deps, scope: ServiceScope, q: HonorListQuery): Promise<HonorList> {
  if (q.company_id !== undefined) await assertInScope(deps.db.db, scope, [q.company_id]);
  const base = honorQuery(deps, scope, q);
  const [total, list, years] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    honorRows(deps, base, q.page_size, (q.page - 1) * q.page_size),
    honorQuery(deps, scope, { company_id: q.company_id })
      .select('company_honors.year')
      .distinct()
      .orderBy('company_honors.year', 'desc')
      .execute(),
  ]);
  return { list, total: Number(total.n), page: q.page, page_size: q.page_size, years: years.map((y) => Number(y.year)) };
}

/** The attachment must be a private upload of a user of the office (its main account or one of its staff). */
async function checkHonorFile(deps: Deps, scope: ServiceScope, fileId: number): Promise<void> {
  if (!fileId) return;
  const row = await deps.db.db
    .selectFrom('files')
    .innerJoin('users', 'users.id', 'files.owner_id')
    .select('files.id')
    .where('files.id', '=', fileId)
    .where('files.visibility', '=', 'private')
    .where('files.purpose', 'in', ['document', 'licence'])
    .where((eb) => eb.or([eb('users.id', '=', scope.ownerId), eb('users.com_id', '=', scope.ownerId)]))
    .executeTakeFirst();
  if (!row)
    throw badRequest('附件不存在或不属于本中心，请重新上传', [{ path: 'file_id', msg: '附件不存在或不属于本中心，请重新上传' }]);
}

const HONOR_MISSING = '荣誉不存在或不在您的服务范围内';

async function honorInScope(deps: Deps, scope: ServiceScope, id: number): Promise<HonorRow> {
  const [row] = await honorRows(deps, honorQuery(deps, scope, {}).where('company_honors.id', '=', id), 1, 0);
  if (!row) throw notFound(HONOR_MISSING);
  return row;
}

/** POST /v1/company/honorAdd (main account and staff, for an enterprise in scope). */
export async function addHonor(deps: Deps, scope: ServiceScope, body: HonorAddBody): Promise<HonorRow> {
  await assertInScope(deps.db.db, scope, [body.company_id]);
  await checkHonorFile(deps, scope, body.file_id);
  const now = deps.clock().toISOString();
  const row = await deps.db.db
    .insertInto('company_honors')
    .values({
      company_id: body.company_id,
      name: body.name,
      level: body.level,
      year: body.year,
      issuer: body.issuer,
      file_id: body.file_id,
      created_by: scope.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshCompanyFacts(deps.db.db, [body.company_id]);
  return honorInScope(deps, scope, Number(row.id));
}

/** POST /v1/company/honorEdit */
export async function editHonor(deps: Deps, scope: ServiceScope, body: HonorEditBody): Promise<HonorRow> {
  await honorInScope(deps, scope, body.id);
  await checkHonorFile(deps, scope, body.file_id);
  await deps.db.db
    .updateTable('company_honors')
    .set({
      name: body.name,
      level: body.level,
      year: body.year,
      issuer: body.issuer,
      file_id: body.file_id,
      updated_at: deps.clock().toISOString(),
    })
    .where('id', '=', body.id)
    .execute();
  return honorInScope(deps, scope, body.id);
}

/** POST /v1/company/honorDel */
export async function deleteHonor(deps: Deps, scope: ServiceScope, id: number): Promise<{ id: number }> {
  const honor = await honorInScope(deps, scope, id);
  await deps.db.db.deleteFrom('company_honors').where('id', '=', id).execute();
  await refreshCompanyFacts(deps.db.db, [honor.company_id]);
  return { id };
}

/** POST /v1/company/honorExport: the filtered honours in scope as an Excel file (at most HONOR_EXPORT_MAX rows). */
export async function exportHonors(deps: Deps, scope: ServiceScope, body: HonorExportBody): Promise<RecordExport> {
  const rows = await honorRows(deps, honorQuery(deps, scope, body), HONOR_EXPORT_MAX + 1, 0);
  const truncated = rows.length > HONOR_EXPORT_MAX;
  const day = deps.clock().toISOString().slice(0, 10).replace(/-/g, '');
  return writeExport(deps, scope.userId, {
    name: `企业荣誉_${day}.xlsx`,
    sheet: '企业荣誉',
    truncated,
    rows: rows.slice(0, HONOR_EXPORT_MAX),
    columns: [
      { header: '企业名称', width: 36, value: (r) => r.company_name },
      { header: '所属街道', width: 12, value: (r) => r.street_name },
      { header: '荣誉名称', width: 36, value: (r) => r.name },
      { header: '级别', width: 8, value: (r) => r.level },
      { header: '获得年份', width: 10, value: (r) => r.year },
      { header: '颁发单位', width: 28, value: (r) => r.issuer },
      { header: '附件', width: 24, value: (r) => r.file?.name ?? '' },
    ],
  });
}
