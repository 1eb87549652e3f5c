// What certificates and non-patent IP records share (ADR 0021): the calendar day in China, attachments (files the
// company's users uploaded with a private purpose, shown through signed links) and the Excel export of a list.
import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { RecordExport, RecordFile } from '@ip/contract';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import { ensureFileDirs, insertFile, newStoredName, partPathFor, privateDir, signedFileUrl } from './file-store';

/** Today's date in China (UTC+8 all year, no daylight saving): expiry dates are Chinese calendar days. */
export function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The file ids a record's file_ids column holds (a JSON list; anything else reads as none). */
export function parseFileIds(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
  } catch {
    return [];
  }
}

/** Purposes an attachment may have been uploaded with: private uploads only (not avatars, portal images, exports). */
const ATTACHMENT_PURPOSES = ['document', 'licence'];

/**
 * Refuses attachment ids that are not private uploads of one of the company's users (another company's file, a
 * public avatar, an export, a missing id) with one message that does not tell which: a file id alone must never
 * give one company another's documents (IDOR).
 */
export async function checkAttachments(deps: Deps, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await deps.db.db
    .selectFrom('files')
    .innerJoin('users', 'users.id', 'files.owner_id')
    .select('files.id')
    .where('files.id', 'in', ids)
    .where('users.company_id', '=', companyId)
    .where('files.visibility', '=', 'private')
    .where('files.purpose', 'in', ATTACHMENT_PURPOSES)
    .execute();
  if (rows.length !== ids.length) {
    throw badRequest('附件不存在或不属于本企业，请重新上传', [{ path: 'file_ids', msg: '附件不存在或不属于本企业，请重新上传' }]);
  }
}

/**
 * A record's attachments in their order, each with a signed link (valid minutes): every user of the company can
 * preview them in <img> and <iframe>, though GET /v1/common/file/:id alone lets only the uploader read a file.
 */
export async function attachmentsOf(deps: Deps, ids: number[]): Promise<RecordFile[]> {
  if (!ids.length) return [];
  const rows = await deps.db.db.selectFrom('files').select(['id', 'name', 'mime', 'size']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const f = byId.get(id);
    return f ? [{ id, name: f.name, mime: f.mime, size: Number(f.size), url: signedFileUrl(deps, id) }] : [];
  });
}

export interface ExportColumn<R> {
  header: string;
  width: number;
  value(row: R): string | number;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Writes a small workbook (at most RECORD_EXPORT_MAX rows: a company's own records) as a private export file of the
 * user, expiring like the search exports (ADR 0014), and answers a signed link to it. In the request: ~0.1 s for
 * a few thousand rows, so no job is needed.
 */
export async function writeExport<R>(
  deps: Deps,
  ownerId: number,
  opts: { name: string; sheet: string; columns: ExportColumn<R>[]; rows: R[]; truncated: boolean },
): Promise<RecordExport> {
  ensureFileDirs(deps.config);
  const stored = newStoredName('.xlsx');
  const part = partPathFor(deps.config, stored);
  const target = path.join(privateDir(deps.config), stored);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(opts.sheet);
  ws.columns = opts.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const r of opts.rows) ws.addRow(opts.columns.map((c) => c.value(r)));
  try {
    await wb.xlsx.writeFile(part);
    await fs.rename(part, target);
  } catch (err) {
    await fs.rm(part, { force: true });
    throw err;
  }
  const { size } = await fs.stat(target);
  const expiresAt = new Date(deps.clock().getTime() + deps.config.exportTtlDays * 86_400_000).toISOString();
  const id = await insertFile(deps, {
    ownerId,
    kind: 'file',
    purpose: 'export',
    name: opts.name,
    storedName: stored,
    mime: XLSX_MIME,
    size,
    expiresAt,
  }).catch(async (err: unknown) => {
    await fs.rm(target, { force: true });
    throw err;
  });
  return { url: signedFileUrl(deps, id), name: opts.name, rows: opts.rows.length, truncated: opts.truncated };
}
