// Industry reports (产业报告, issue 14, ADR 0054): the administrator uploads a PDF (a private 'document' upload of
// /v1/common/file, checked here again by its content), a cover image (a public 'portal' image), title, industry,
// year and summary; publishes and withdraws it. Company and trial users list the published ones, preview a report in
// the page (a signed inline link, not counted) and download it (counted once per call).
import fsp from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type {
  IndustryReportAdminListBody,
  IndustryReportAdminRow,
  IndustryReportLink,
  IndustryReportList,
  IndustryReportRow,
  IndustryReportSaveBody,
  IndustryReportStatus,
} from '@ip/contract';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { containsText } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../http/errors';
import { releaseAttachments } from '../common/attachment-cleanup';
import { pathOf, signedFileUrl } from '../common/file-store';

type DB = Kysely<Database>;
const MISSING = '报告不存在或已删除';

interface Filters {
  page: number;
  page_size: number;
  industry?: string;
  year?: number;
  keyword?: string;
  status?: IndustryReportStatus;
}

const COLUMNS = [
  'r.id',
  'r.title',
  'r.industry',
  'r.year',
  'r.summary',
  'r.file_id',
  'r.cover_file_id',
  'r.status',
  'r.downloads',
  'r.created_at',
  'r.updated_at',
  'r.published_at',
  'f.name as file_name',
  'f.size as file_size',
] as const;

function query(db: DB, f: Filters, publishedOnly: boolean) {
  let q = db.selectFrom('industry_reports as r').leftJoin('files as f', 'f.id', 'r.file_id');
  if (publishedOnly) q = q.where('r.status', '=', 'published');
  else if (f.status) q = q.where('r.status', '=', f.status);
  if (f.industry) q = q.where('r.industry', '=', f.industry);
  if (f.year) q = q.where('r.year', '=', f.year);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsText('r.title', k), containsText('r.summary', k)]));
  }
  return q;
}

async function coverUrls(db: DB, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i) => i > 0))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('files').select(['id', 'stored_name', 'visibility']).where('id', 'in', wanted).execute();
  return new Map(rows.filter((r) => r.visibility === 'public').map((r) => [Number(r.id), `/uploads/${r.stored_name}`]));
}

async function listReports(deps: Deps, f: Filters, publishedOnly: boolean): Promise<IndustryReportList<IndustryReportAdminRow>> {
  const db = deps.db.db;
  const total = await query(db, f, publishedOnly)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const raw = await query(db, f, publishedOnly)
    .select(COLUMNS)
    .orderBy('r.year', 'desc')
    .orderBy(publishedOnly ? 'r.published_at' : 'r.updated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(f.page_size)
    .offset((f.page - 1) * f.page_size)
    .execute();
  let years = db.selectFrom('industry_reports').select('year').distinct().orderBy('year', 'desc');
  if (publishedOnly) years = years.where('status', '=', 'published');
  const covers = await coverUrls(
    db,
    raw.map((r) => Number(r.cover_file_id)),
  );
  return {
    list: raw.map((r) => ({
      id: Number(r.id),
      title: r.title,
      industry: r.industry,
      year: Number(r.year),
      summary: r.summary,
      cover_url: covers.get(Number(r.cover_file_id)) ?? '',
      file_name: r.file_name ?? '',
      file_size: Number(r.file_size ?? 0),
      downloads: Number(r.downloads),
      published_at: r.published_at,
      status: r.status,
      file_id: Number(r.file_id),
      cover_file_id: Number(r.cover_file_id),
      created_at: r.created_at,
      updated_at: r.updated_at,
    })),
    total: Number(total.n),
    page: f.page,
    page_size: f.page_size,
    years: (await years.execute()).map((y) => Number(y.year)),
  };
}

/** The administrator's list: every state. */
export const adminReports = (deps: Deps, f: Required<Pick<IndustryReportAdminListBody, 'page' | 'page_size'>> & Filters) =>
  listReports(deps, f, false);

/** The companies' list: published reports only, without the administrator's fields. */
export async function publishedReports(deps: Deps, f: Filters): Promise<IndustryReportList> {
  const page = await listReports(deps, f, true);
  return {
    ...page,
    list: page.list.map((r): IndustryReportRow => ({
      id: r.id,
      title: r.title,
      industry: r.industry,
      year: r.year,
      summary: r.summary,
      cover_url: r.cover_url,
      file_name: r.file_name,
      file_size: r.file_size,
      downloads: r.downloads,
      published_at: r.published_at,
    })),
  };
}

/**
 * The report file must be a PDF an administrator uploaded as a private document, and its stored bytes must start like
 * a PDF (the upload checked the head already; checked again here, so a file row of another kind never slips in).
 */
async function checkReportFile(deps: Deps, fileId: number): Promise<void> {
  const db = deps.db.db;
  const f = await db
    .selectFrom('files')
    .innerJoin('users', 'users.id', 'files.owner_id')
    .select(['files.visibility', 'files.stored_name', 'files.mime', 'files.purpose', 'files.name', 'users.is_admin'])
    .where('files.id', '=', fileId)
    .executeTakeFirst();
  const bad = () => badRequest('报告文件不存在或不是 PDF，请重新上传 PDF 文件', [{ path: 'file_id', msg: '请上传 PDF 文件' }]);
  if (!f || Number(f.is_admin) !== 1 || f.purpose !== 'document' || f.mime !== 'application/pdf') throw bad();
  if (!f.name.toLowerCase().endsWith('.pdf')) throw bad();
  try {
    const fh = await fsp.open(pathOf(deps.config, f), 'r');
    try {
      const head = Buffer.alloc(5);
      await fh.read(head, 0, 5, 0);
      if (head.toString('latin1') !== '%PDF-') throw bad();
    } finally {
      await fh.close();
    }
  } catch (err) {
    if (err instanceof Error && 'statusCode' in err) throw err;
    throw bad();
  }
}

async function checkCover(db: DB, id: number): Promise<void> {
  if (id <= 0) return;
  const f = await db.selectFrom('files').select(['visibility', 'mime']).where('id', '=', id).executeTakeFirst();
  if (!f || f.visibility !== 'public' || !f.mime.startsWith('image/')) {
    throw badRequest('封面图片不存在，请以门户图片上传', [{ path: 'cover_file_id', msg: '封面图片不存在' }]);
  }
}

async function getReport(db: DB, id: number) {
  const r = await db.selectFrom('industry_reports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound(MISSING);
  return r;
}

type SaveInput = Omit<Required<IndustryReportSaveBody>, 'id' | 'year' | 'file_id' | 'cover_file_id'> & {
  id?: number;
  year: number;
  file_id: number;
  cover_file_id: number;
};

/** Saves a report: a new one is a draft; an edit keeps its state. A replaced PDF leaves the disk. */
export async function saveReport(deps: Deps, input: SaveInput, userId: number): Promise<{ id: number }> {
  const db = deps.db.db;
  const old = input.id ? await getReport(db, input.id) : null;
  if (!old || Number(old.file_id) !== input.file_id) await checkReportFile(deps, input.file_id);
  await checkCover(db, input.cover_file_id);
  const now = deps.clock().toISOString();
  const values = {
    title: input.title,
    industry: input.industry,
    year: input.year,
    summary: input.summary,
    file_id: input.file_id,
    cover_file_id: input.cover_file_id,
    updated_at: now,
  };
  if (old) {
    await db.updateTable('industry_reports').set(values).where('id', '=', old.id).execute();
    if (Number(old.file_id) !== input.file_id) await releaseAttachments(deps, [Number(old.file_id)]);
    return { id: Number(old.id) };
  }
  const row = await db
    .insertInto('industry_reports')
    .values({ ...values, status: 'draft', created_by: userId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

export async function publishReport(deps: Deps, id: number): Promise<{ id: number }> {
  const db = deps.db.db;
  const r = await getReport(db, id);
  if (r.status === 'published') throw conflict('报告已发布');
  const now = deps.clock().toISOString();
  await db
    .updateTable('industry_reports')
    .set({ status: 'published', published_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
  return { id };
}

export async function withdrawReport(deps: Deps, id: number): Promise<{ id: number }> {
  const db = deps.db.db;
  const r = await getReport(db, id);
  if (r.status !== 'published') throw conflict('只有已发布的报告可以撤回');
  await db
    .updateTable('industry_reports')
    .set({ status: 'withdrawn', updated_at: deps.clock().toISOString() })
    .where('id', '=', id)
    .execute();
  return { id };
}

/** Deletes the report and its PDF (the cover is a portal image, kept like article covers). */
export async function deleteReport(deps: Deps, id: number): Promise<{ id: number }> {
  const db = deps.db.db;
  const r = await getReport(db, id);
  await db.deleteFrom('industry_reports').where('id', '=', id).execute();
  await releaseAttachments(deps, [Number(r.file_id)]);
  return { id };
}

/**
 * A signed inline link to a report's PDF (10 minutes). Company and trial users reach published reports only (another
 * state answers 404 as a missing one); the administrator any. `count`: a download, the counter goes up by one.
 */
export async function reportLink(deps: Deps, id: number, opts: { admin: boolean; count: boolean }): Promise<IndustryReportLink> {
  const db = deps.db.db;
  const r = await db
    .selectFrom('industry_reports as r')
    .leftJoin('files as f', 'f.id', 'r.file_id')
    .select(['r.id', 'r.status', 'r.file_id', 'r.downloads', 'f.name'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!r || (!opts.admin && r.status !== 'published')) throw notFound(MISSING);
  if (r.name === null) throw notFound('报告文件已丢失，请联系管理员');
  let downloads = Number(r.downloads);
  if (opts.count) {
    await db
      .updateTable('industry_reports')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const now = await db.selectFrom('industry_reports').select('downloads').where('id', '=', id).executeTakeFirstOrThrow();
    downloads = Number(now.downloads);
  }
  return { url: signedFileUrl(deps, Number(r.file_id)), name: r.name, downloads };
}
