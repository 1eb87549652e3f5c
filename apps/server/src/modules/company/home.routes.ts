import { sql } from 'kysely';
import type { HomeSummary } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import type { Session } from '../../http/auth';
import type { Deps } from '../../deps';
import { feeSummary } from '../fees/fee-calls.service';

/** The calendar date in Asia/Shanghai (the district's day), YYYY-MM-DD. */
export function shanghaiDate(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

async function summary(deps: Deps, session: Session | null): Promise<HomeSummary> {
  const { db } = deps.db;
  const today = shanghaiDate(deps.clock());
  const year = Number(today.slice(0, 4));
  const empty: HomeSummary = {
    company: null,
    total: 0,
    by_type: [],
    by_status: [],
    core: 0,
    collected: 0,
    uncategorised: 0,
    year,
    granted_this_year: 0,
    applied_this_year: 0,
    expiring_this_year: 0,
    expiring_soon: [],
    certificates_expiring: [],
    certificates_expiring_count: 0,
    litigation_followed: [],
    litigation_followed_count: 0,
  };
  const companyId = session?.subject === 'user' ? session.user.company_id : 0;
  if (!companyId) return empty;
  const company = await db
    .selectFrom('companies')
    .select(['id', 'company_name', 'credit_code', 'fee_reduction'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) return empty;
  const own = db
    .selectFrom('company_patents as cp')
    .innerJoin('patents as p', 'p.id', 'cp.patent_id')
    .where('cp.company_id', '=', companyId)
    .where('cp.removed', '=', 0)
    .where('cp.source', '<>', 'collect');
  const yearStart = `${year}-01-01`;
  const nextYear = `${year + 1}-01-01`;
  const in12 = `${year + 1}${today.slice(4)}`;
  const counts = await own
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when cp.is_core = 1 then 1 else 0 end)`.as('core'),
      sql<number>`sum(case when cp.category_id = 0 then 1 else 0 end)`.as('uncategorised'),
      sql<number>`sum(case when p.gd >= ${yearStart} and p.gd < ${nextYear} then 1 else 0 end)`.as('granted'),
      sql<number>`sum(case when p.ad >= ${yearStart} and p.ad < ${nextYear} then 1 else 0 end)`.as('applied'),
      sql<number>`sum(case when p.legal_status = '有权' and p.expiry_date >= ${yearStart} and p.expiry_date < ${nextYear} then 1 else 0 end)`.as(
        'expiring',
      ),
    ])
    .executeTakeFirstOrThrow();
  const byType = await own
    .select(['p.type as type', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('p.type')
    .orderBy('count', 'desc')
    .execute();
  const byStatus = await own
    .select(['p.legal_status as status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('p.legal_status')
    .orderBy('count', 'desc')
    .execute();
  const collected = await db
    .selectFrom('company_patents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('is_collected', '=', 1)
    .executeTakeFirstOrThrow();
  const soon = await own
    .select(['p.id as patent_id', 'p.title', 'p.an', 'p.type', 'p.expiry_date'])
    .where('p.legal_status', '=', '有权')
    .where('p.expiry_date', '>=', today)
    .where('p.expiry_date', '<', in12)
    .orderBy('p.expiry_date', 'asc')
    .orderBy('p.id', 'asc')
    .limit(5)
    .execute();
  const in90 = shanghaiDate(new Date(deps.clock().getTime() + 90 * 86_400_000));
  const certs = db
    .selectFrom('certificates')
    .where('company_id', '=', companyId)
    .where('expiry_date', '>=', today)
    .where('expiry_date', '<=', in90);
  const certCount = await certs.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const certList = await certs
    .select(['id', 'name', 'kind', 'expiry_date'])
    .orderBy('expiry_date', 'asc')
    .orderBy('id', 'asc')
    .limit(5)
    .execute();
  const follows = db
    .selectFrom('litigation_follows as f')
    .innerJoin('litigation_cases as c', 'c.id', 'f.case_id')
    .where('f.company_id', '=', companyId);
  const followCount = await follows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const followList = await follows
    .select(['c.id', 'c.case_no', 'c.cause', 'c.status', 'c.filing_date'])
    .orderBy('c.filing_date', 'desc')
    .orderBy('c.id', 'desc')
    .limit(5)
    .execute();
  const latestReport = await db
    .selectFrom('reports')
    .select(['id', 'month', 'generated_at'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'done')
    .orderBy('month', 'desc')
    .limit(1)
    .executeTakeFirst();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    company: {
      id: company.id,
      company_name: company.company_name,
      credit_code: company.credit_code,
      fee_reduction: n(company.fee_reduction),
    },
    total: n(counts.total),
    by_type: byType.map((r) => ({ type: r.type || '未知', count: n(r.count) })),
    by_status: byStatus.map((r) => ({ status: r.status || '未知', count: n(r.count) })),
    core: n(counts.core),
    collected: n(collected.n),
    uncategorised: n(counts.uncategorised),
    year,
    granted_this_year: n(counts.granted),
    applied_this_year: n(counts.applied),
    expiring_this_year: n(counts.expiring),
    expiring_soon: soon.map((r) => ({ ...r, expiry_date: r.expiry_date ?? '' })),
    certificates_expiring: certList.map((r) => ({ ...r, expiry_date: r.expiry_date ?? '' })),
    certificates_expiring_count: n(certCount.n),
    litigation_followed: followList,
    litigation_followed_count: n(followCount.n),
    latest_report: latestReport
      ? { id: Number(latestReport.id), month: latestReport.month, generated_at: latestReport.generated_at }
      : null,
    fees: await feeSummary(deps, companyId),
    monitor_unread: n(
      (
        await db
          .selectFrom('monitor_hits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .where('read_at', 'is', null)
          .executeTakeFirst()
      )?.n,
    ),
  };
}

export const homeRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/home/summary',
    access: ['company', 'trial'],
    readOnly: true,
    summary: '企业首页：专利数量（按类型、法律状态）、核心与收藏、今年授权与到期、即将到期的证书、关注的诉讼',
    handler: ({ deps, session }) => summary(deps, session),
  }),
];
