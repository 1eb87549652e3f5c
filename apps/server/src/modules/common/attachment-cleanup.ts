// Attachments of deleted records leave the disk (issue 9, ADR 0037). Certificates, non-patent IP and fee payments
// keep the ids of private 'document' uploads (file_ids JSON lists, fee_payments.file_id); deleting such a record is
// final (no undo anywhere in the product), so its files are removed at once — unless another record still names
// them. Files no record names any more (an attachment taken off a record, an upload never saved, a fee import file)
// are purged by the daily file housekeeping once older than a day.
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { privateFileId } from '@ip/contract';
import type { Deps } from '../../deps';
import { pathOf } from './file-store';
import { parseFileIds } from './records';

/** Only these purposes are removed: avatars, portal images and licences have owners of their own; exports expire. */
const REMOVABLE_PURPOSES = ['document'];

/** Anything younger than this may still be on its way into a record (a form being filled, an import job queued). */
export const ORPHAN_MIN_AGE_MS = 86_400_000;

/** The columns that keep file ids as a JSON list. A new one must be added here, or its files are purged. */
const JSON_ID_LISTS = [
  ['certificates', 'file_ids'],
  ['ip_assets', 'file_ids'],
  ['consult_questions', 'file_ids'],
  ['consult_replies', 'file_ids'],
  ['visits', 'photos'],
  ['articles', 'attachments'],
] as const;

/**
 * Which of `ids` some record still names: certificates, non-patent IP, fee payments, monthly reports and
 * verification applications (their licence link), visit photos, consulting and portal article attachments.
 */
export async function referencedFileIds(deps: Deps, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  if (!ids.length) return out;
  const { db } = deps.db;
  const wanted = new Set(ids);
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    // A JSON list names an id when the text holds its digits; the parse confirms it ([12] does not name 1).
    for (const [table, column] of JSON_ID_LISTS) {
      const mentions = sql.join(
        chunk.map((id) => sql`${sql.ref(column)} LIKE ${`%${id}%`}`),
        sql` OR `,
      );
      const rows = await sql<
        Record<string, string>
      >`SELECT ${sql.ref(column)} FROM ${sql.table(table)} WHERE ${mentions}`.execute(db);
      for (const r of rows.rows) for (const id of parseFileIds(r[column])) if (wanted.has(id)) out.add(id);
    }
    for (const r of await db.selectFrom('fee_payments').select('file_id').where('file_id', 'in', chunk).execute()) {
      out.add(Number(r.file_id));
    }
    for (const r of await db.selectFrom('reports').select('file_id').where('file_id', 'in', chunk).execute()) {
      out.add(Number(r.file_id));
    }
    // Industry reports' PDFs (ADR 0054).
    for (const r of await db.selectFrom('industry_reports').select('file_id').where('file_id', 'in', chunk).execute()) {
      out.add(Number(r.file_id));
    }
    const links = chunk.map((id) => `/v1/common/file/${id}`);
    for (const r of await db.selectFrom('verifications').select('license').where('license', 'in', links).execute()) {
      const id = privateFileId(r.license);
      if (id !== null) out.add(id);
    }
  }
  return out;
}

/** Deletes the files (the file, then its row) among `ids` that are documents no record names; returns how many. */
export async function releaseAttachments(deps: Deps, ids: number[]): Promise<number> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
  if (!unique.length) return 0;
  const still = await referencedFileIds(deps, unique);
  const free = unique.filter((id) => !still.has(id));
  if (!free.length) return 0;
  const rows = await deps.db.db
    .selectFrom('files')
    .select(['id', 'visibility', 'stored_name'])
    .where('id', 'in', free)
    .where('purpose', 'in', REMOVABLE_PURPOSES)
    .execute();
  for (const f of rows) {
    // The file first: a crash between the two leaves a row without a file (reported as missing), never the reverse.
    await fs.rm(pathOf(deps.config, f), { force: true });
    await deps.db.db.deleteFrom('files').where('id', '=', f.id).execute();
  }
  return rows.length;
}

/** The housekeeping pass: documents older than a day that no record names are deleted; returns how many. */
export async function purgeOrphanAttachments(deps: Deps): Promise<number> {
  const before = new Date(deps.clock().getTime() - ORPHAN_MIN_AGE_MS).toISOString();
  const candidates = await deps.db.db
    .selectFrom('files')
    .select('id')
    .where('purpose', 'in', REMOVABLE_PURPOSES)
    .where('expires_at', 'is', null)
    .where('created_at', '<', before)
    .execute();
  return releaseAttachments(
    deps,
    candidates.map((c) => Number(c.id)),
  );
}
