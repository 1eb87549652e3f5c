// Accounts that another account manages: a company's sub-accounts (managed by its company user, ADR 0021) and an
// enterprise-service office's staff (managed by its main account, ADR 0038). Both edit a name, a mobile and a status,
// and reset a password, the same way; only which rows the manager may touch differs, and the caller says that with
// `ownedBy` (a condition on the UPDATE, so a row that changed hands between the check and the write is not touched).
import type { Kysely, Transaction, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import { endSessionsOf } from '../../http/auth';
import { AppError } from '../../http/errors';
import { clearLoginLimits } from '../account/account.service';
import { hashPassword } from '../account/passwords';

const DUPLICATE_MOBILE = '该手机号已被其他账号使用，请换一个手机号';

/** The answer when a mobile belongs to another account (409, on the mobile field). */
export const duplicateMobile = () => new AppError(409, DUPLICATE_MOBILE, [{ path: 'mobile', msg: DUPLICATE_MOBILE }]);

/** Whether a database error is a unique-index violation (two writes of one mobile at once: the index decides). */
export const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String(err));

/** Whether another account (any kind, any status) holds the mobile. */
export async function mobileTaken(db: Kysely<Database> | Transaction<Database>, mobile: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return Boolean(row);
}

type UsersUpdate = UpdateQueryBuilder<Database, 'users', 'users', UpdateResult>;
/** Narrows an UPDATE of users to the rows the manager may change. */
export type OwnedBy = (qb: UsersUpdate) => UsersUpdate;

/**
 * Changes a managed account's name, mobile or status (`current` as the caller found it within its scope). Disabling
 * it, or moving it to another mobile (another person may now hold it), ends its sessions at once.
 */
export async function editManagedAccount(
  deps: Deps,
  current: { name: string; mobile: string; status: number },
  input: { id: number; name?: string; mobile?: string; status?: 0 | 1 },
  ownedBy: OwnedBy,
): Promise<{ id: number; name: string; mobile: string; status: number }> {
  const { db } = deps.db;
  const mobileChanged = input.mobile !== undefined && input.mobile !== current.mobile;
  if (mobileChanged && (await mobileTaken(db, input.mobile!, input.id))) throw duplicateMobile();
  const next = {
    name: input.name ?? current.name,
    mobile: input.mobile ?? current.mobile,
    status: input.status ?? current.status,
  };
  const now = deps.clock().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await ownedBy(
        trx
          .updateTable('users')
          .set({ ...next, updated_at: now })
          .where('id', '=', input.id),
      ).execute();
      if (next.status !== 1 || mobileChanged) await endSessionsOf(trx, input.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateMobile();
    throw err;
  }
  return { id: input.id, ...next };
}

/**
 * Sets a new password for a managed account (the holder forgot it, or it changes hands): its sessions end, its login
 * lockouts end, and it must change the password at its next login.
 */
export async function resetManagedPassword(
  deps: Deps,
  current: { mobile: string },
  input: { id: number; password: string },
  ownedBy: OwnedBy,
): Promise<{ id: number; must_change_password: number }> {
  const { db } = deps.db;
  const password_hash = await hashPassword(input.password);
  const now = deps.clock().toISOString();
  await db.transaction().execute(async (trx) => {
    await ownedBy(
      trx.updateTable('users').set({ password_hash, must_change_password: 1, updated_at: now }).where('id', '=', input.id),
    ).execute();
    await endSessionsOf(trx, input.id);
  });
  await clearLoginLimits(db, current.mobile);
  return { id: input.id, must_change_password: 1 };
}
