import { COMPANY_SEARCH_CAP, CompanySearchBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { containsText } from '../../db/sql';
import { inScope, serviceScope } from '../enterprise/service-scope';

export const companyRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/company/seachCompany',
    access: ['main', 'staff', 'admin'],
    summary: '按名称搜索企业（最多 1000 条；企业服务账号只搜服务范围内的企业）',
    body: CompanySearchBody,
    handler: async ({ body, session, deps }) => {
      // Sets C/D (ADR 0041): the main account its office, a staff member its assignments; the administrator all.
      const admin = session?.subject === 'user' && session.kind === 'admin';
      let q = deps.db.db.selectFrom('companies');
      if (!admin) q = q.where(inScope(serviceScope(session)));
      const rows = await q
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
