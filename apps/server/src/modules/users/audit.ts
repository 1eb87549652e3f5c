import { sql, type Kysely, type Transaction } from 'kysely';
import { AUDIT_EXPORT_MAX, auditActionLabel, chinaDayStart, type AuditListBody } from '@ip/contract';
import type { Database } from '../../db/schema';
import { containsText } from '../../db/sql';

type Q = Kysely<Database> | Transaction<Database>;

/** Writes one audit row (DOMAIN §1): call it inside the transaction that makes the change it records. */
export async function writeAudit(
  db: Q,
  row: { adminId: number; userId: number | null; action: string; detail: string; now: string },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      admin_id: row.adminId,
      user_id: row.userId,
      action: row.action,
      detail: row.detail.slice(0, 1000),
      created_at: row.now,
    })
    .execute();
}

export interface AuditRow {
  id: number;
  admin_id: number;
  admin_name: string;
  admin_mobile: string;
  user_id: number | null;
  user_name: string;
  user_mobile: string;
  action: string;
  /** The Chinese reading of the action (auditActionLabel). */
  action_label: string;
  detail: string;
  created_at: string;
}

type Filters = Omit<AuditListBody, 'page' | 'page_size'>;

function filtered(db: Q, f: Filters) {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('users as ad', 'ad.id', 'a.admin_id')
    .leftJoin('users as u', 'u.id', 'a.user_id');
  if (f.admin_id) q = q.where('a.admin_id', '=', f.admin_id);
  if (f.user_id) q = q.where('a.user_id', '=', f.user_id);
  if (f.user_keyword) {
    const k = f.user_keyword;
    q = q.where((eb) => eb.or([containsText('u.mobile', k), containsText('u.name', k)]));
  }
  if (f.action === 'admin_view') q = q.where('a.action', 'like', 'POST /%');
  else if (f.action) q = q.where('a.action', '=', f.action);
  // Days are China-time calendar days; created_at is a UTC ISO string, so the bounds are too.
  if (f.date_from) q = q.where('a.created_at', '>=', chinaDayStart(f.date_from));
  if (f.date_to) q = q.where('a.created_at', '<', chinaDayStart(f.date_to, true));
  return q;
}

function rowsOf(
  rows: {
    id: number;
    admin_id: number;
    admin_name: string | null;
    admin_mobile: string | null;
    user_id: number | null;
    user_name: string | null;
    user_mobile: string | null;
    action: string;
    detail: string;
    created_at: string;
  }[],
): AuditRow[] {
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    admin_name: r.admin_name ?? '（已删除）',
    admin_mobile: r.admin_mobile ?? '',
    user_name: r.user_name ?? '',
    user_mobile: r.user_mobile ?? '',
    action_label: auditActionLabel(r.action, r.detail),
  }));
}

const COLUMNS = [
  'a.id',
  'a.admin_id',
  'ad.name as admin_name',
  'ad.mobile as admin_mobile',
  'a.user_id',
  'u.name as user_name',
  'u.mobile as user_mobile',
  'a.action',
  'a.detail',
  'a.created_at',
] as const;

/** One page of the audit log, newest first, with the total under the filters. */
export async function listAudit(db: Q, body: Filters & { page: number; page_size: number }) {
  const q = filtered(db, body);
  const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select([...COLUMNS])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(body.page_size)
    .offset((body.page - 1) * body.page_size)
    .execute();
  return { list: rowsOf(rows), total: Number(total), page: body.page, page_size: body.page_size };
}

/** The rows of an export (newest first, at most AUDIT_EXPORT_MAX) and whether more matched. */
export async function auditForExport(db: Q, f: Filters): Promise<{ rows: AuditRow[]; truncated: boolean }> {
  const rows = await filtered(db, f)
    .select([...COLUMNS])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(AUDIT_EXPORT_MAX + 1)
    .execute();
  return { rows: rowsOf(rows.slice(0, AUDIT_EXPORT_MAX)), truncated: rows.length > AUDIT_EXPORT_MAX };
}

/** The action codes present in the log (for the filter's options), most used first. */
export async function auditActions(db: Q): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select([sql<string>`case when action like 'POST /%' then 'admin_view' else action end`.as('a')])
    .groupBy(sql`case when action like 'POST /%' then 'admin_view' else action end`)
    .orderBy(sql`count(*)`, 'desc')
    .execute();
  return rows.map((r) => r.a);
}
