import { COMPANY_SEARCH_CAP, CompanySearchBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { containsText } from '../../db/sql';

export const companyRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/company/seachCompany',
    access: ['main', 'staff', 'admin'],
    summary: '按名称搜索企业（最多 1000 条）',
    body: CompanySearchBody,
    handler: async ({ body, deps }) => {
      const rows = await deps.db.db
        .selectFrom('companies')
        .select(['id', 'company_name', 'patent_num as num'])
        .where(containsText('company_name', body.keword))
        .orderBy('patent_num', 'desc')
        .orderBy('id', 'asc')
        .limit(COMPANY_SEARCH_CAP)
        .execute();
      return rows.map((r) => ({ id: r.id, company_name: r.company_name, num: Number(r.num) }));
    },
  }),
];
