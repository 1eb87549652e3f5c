// Demo data for /certificateExpire (ADR 0027): the demo certificates of issue 9 expire in 20, 60 and 85 days and one
// expired 25 days ago; this adds one within 7 days (an ICP licence in 5 days), so every band of the default lead
// times (7, 30, 90) has a row on a fresh start. Deterministic: dates relative to the seed day.
import { isoAddDays } from '@ip/contract';
import type { Deps } from '../deps';
import { chinaToday } from '../modules/common/records';

export async function seedDemoCalendar(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const user = await db.selectFrom('users').select(['id', 'company_id']).where('mobile', '=', '13800000001').executeTakeFirst();
  if (!user || !user.company_id) return;
  const today = chinaToday(deps.clock());
  const now = deps.clock().toISOString();
  await db
    .insertInto('certificates')
    .values({
      company_id: user.company_id,
      kind: 'qualification',
      number: '浙B2-20230517',
      name: '增值电信业务经营许可证（ICP）',
      issuer: '浙江省通信管理局',
      issue_date: isoAddDays(today, -5 * 365 + 5),
      expiry_date: isoAddDays(today, 5),
      patent_id: 0,
      note: '到期前须提交续期申请',
      file_ids: '[]',
      created_by: user.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
