// Demo monthly patent reports (ADR 0030) for a fresh start: the demo company's reports of the two months before the
// current one (Asia/Shanghai), generated at seed time so /report and the /home slot have content at once.
import type { Deps } from '../deps';
import { buildReport } from '../modules/reports/reports.service';
import { addMonths, shanghaiMonth } from '../modules/reports/report-dates';

const DEMO_COMPANY_MOBILE = '13800000001';

export async function seedDemoReports(deps: Deps): Promise<void> {
  const { db } = deps.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('mobile', '=', DEMO_COMPANY_MOBILE)
    .executeTakeFirst();
  if (!user?.company_id) return;
  const current = shanghaiMonth(deps.clock());
  for (const month of [addMonths(current, -2), addMonths(current, -1)]) {
    const now = deps.clock().toISOString();
    const row = await db
      .insertInto('reports')
      .values({
        company_id: user.company_id,
        month,
        status: 'queued',
        created_by: Number(user.id),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['company_id', 'month']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await buildReport(deps, Number(row.id));
  }
}
