import type { Db } from '../../db';
import { randomPassword } from '../../db/seed';
import { hashPassword } from './passwords';

/**
 * Gives the administrator with this mobile a new random password and ends all their sessions; returns the password.
 * Null when no administrator has this mobile.
 */
export async function resetAdminPassword(db: Db, mobile: string, now: string): Promise<string | null> {
  const user = await db.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .where('is_admin', '=', 1)
    .executeTakeFirst();
  if (!user) return null;
  const password = randomPassword();
  const password_hash = await hashPassword(password);
  await db.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash, updated_at: now }).where('id', '=', user.id).execute();
    await trx.deleteFrom('tokens').where('subject', 'in', ['user', 'ifon']).where('subject_id', '=', user.id).execute();
    // The login limits of this mobile (ADR 0013) start afresh, as after an SMS password reset.
    await trx
      .deleteFrom('rate_limits')
      .where((eb) => eb.or([eb('key', '=', `login:m:${mobile}`), eb('key', 'like', `login:mi:${mobile}:%`)]))
      .execute();
  });
  return password;
}
