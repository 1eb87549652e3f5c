import { SUB_ACCOUNT_RID } from '@ip/contract';
import type { Deps } from '../../deps';
import { NEW_USER } from '../../modules/account/new-user';
import { hashPassword } from '../../modules/account/passwords';
import { DEMO_PASSWORD } from '../seed';

/** The demo sub-accounts of 示例科技有限公司 (ADR 0022): one enabled, one disabled, both on Demo@2026. */
export const DEMO_SUB_ACCOUNTS = [
  { mobile: '13800000021', name: '刘专利', status: 1 },
  { mobile: '13800000022', name: '陈助理', status: 0 },
] as const;

/**
 * Adds the demo sub-accounts under the demo company user 13800000001 (deterministic; skipped when that user or its
 * company is missing, or the sub-accounts exist). must_change_password stays 0 so the demo logs straight in.
 */
export async function seedDemoSubAccounts(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const owner = await db
    .selectFrom('users')
    .select(['id', 'company_id', 'company_name', 'street_id', 'street_name'])
    .where('mobile', '=', '13800000001')
    .executeTakeFirst();
  if (!owner || !owner.company_id) return;
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const now = deps.clock().toISOString();
  for (const s of DEMO_SUB_ACCOUNTS) {
    const exists = await db.selectFrom('users').select('id').where('mobile', '=', s.mobile).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        ...NEW_USER,
        ...s,
        password_hash,
        rid: SUB_ACCOUNT_RID,
        pid: owner.id,
        company_id: owner.company_id,
        company_name: owner.company_name,
        street_id: owner.street_id,
        street_name: owner.street_name,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
