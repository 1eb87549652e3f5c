import type { Db } from '../../db';
import { randomPassword } from '../../db/seed';
import { clearLoginLimits, storePassword } from './account.service';

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
  await storePassword(db.db, user.id, password, now);
  await clearLoginLimits(db.db, mobile);
  return password;
}
