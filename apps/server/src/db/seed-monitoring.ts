// Demo monitoring (ADR 0029): two competitors of the demo company (the applicants with the most stored patents
// besides it) and the IPC subclass its own portfolio uses most, run once over the stored patents with a watch window
// of the year before the demo data date, so /early, /compdetail and /cutDetails have content on a fresh start.
// Hits older than three months before that date are marked read. Deterministic for the same demo patents.
import { sql } from 'kysely';
import type { Deps } from '../deps';
import { nameVariants } from '../modules/company/company-link';
import { DEMO_COMPANY, DEMO_DATA_DATE } from '../modules/patents/demo-patents';
import { runMonitoring } from '../modules/monitoring/monitoring.run';

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86400_000).toISOString().slice(0, 10);

export async function seedDemoMonitoring(deps: Deps): Promise<number> {
  const k = deps.db.db;
  const company = await k.selectFrom('companies').select('id').where('company_name', '=', DEMO_COMPANY).executeTakeFirst();
  if (!company) return 0;
  const companyId = Number(company.id);
  if (await k.selectFrom('monitor_rules').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst()) return 0;
  const own = nameVariants(DEMO_COMPANY);
  const rivals = await k
    .selectFrom('patent_applicants')
    .select(['name', sql<number>`count(*)`.as('n')])
    .where('name', 'not in', own)
    .groupBy('name')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('name')
    .limit(2)
    .execute();
  const ipc = await sql<{
    c: string;
  }>`SELECT substr(p.ipc_main, 1, 4) AS c FROM company_patents cp JOIN patents p ON p.id = cp.patent_id
    WHERE cp.company_id = ${companyId} AND cp.removed = 0 AND length(p.ipc_main) >= 4 GROUP BY substr(p.ipc_main, 1, 4) ORDER BY count(*) DESC, c LIMIT 1`.execute(
    k,
  );
  const user = await k.selectFrom('users').select('id').where('mobile', '=', '13800000001').executeTakeFirst();
  const now = deps.clock().toISOString();
  const watchFrom = dayBefore(DEMO_DATA_DATE, 365);
  const rules = [
    ...rivals.map((r, i) => ({ name: `竞争对手${i + 1}：${r.name}`.slice(0, 50), kind: 'applicant', value: r.name })),
    ...ipc.rows.map((r) => ({ name: `技术领域 ${r.c}`, kind: 'ipc', value: r.c })),
  ];
  if (!rules.length) return 0;
  await k
    .insertInto('monitor_rules')
    .values(
      rules.map((r) => ({
        ...r,
        company_id: companyId,
        enabled: 1,
        created_by: Number(user?.id ?? 0),
        created_at: now,
        updated_at: now,
        watch_from: watchFrom,
        last_run_at: null,
      })),
    )
    .execute();
  const { hits } = await runMonitoring(deps, { companyId });
  await k
    .updateTable('monitor_hits')
    .set({ read_at: now })
    .where('company_id', '=', companyId)
    .where('event_date', '<', dayBefore(DEMO_DATA_DATE, 90))
    .execute();
  deps.log.info(`已生成 ${rules.length} 条演示监控规则、${hits} 条监控结果`);
  return hits;
}
