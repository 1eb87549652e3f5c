import { CompanyProfileSaveBody, type CompanyProfile } from '@ip/contract';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { companyActor, companyOwner, type CompanyActor } from './company-context';
import { formerNamesOf } from './company-link';

// The company's own profile on /system (企业信息, ADR 0022): every user of the company reads it, the main user edits
// the contact fields. The name, the credit code and the former names identify the company and link its patents:
// only an administrator changes them.

async function loadProfile(deps: Deps, actor: CompanyActor): Promise<CompanyProfile> {
  const c = await deps.db.db
    .selectFrom('companies')
    .select([
      'id',
      'company_name',
      'credit_code',
      'address',
      'contact',
      'contact_phone',
      'industry',
      'size',
      'fee_reduction',
      'former_names',
      'patent_num',
      'updated_at',
    ])
    .where('id', '=', actor.companyId)
    .executeTakeFirst();
  if (!c) throw notFound('企业信息不存在，请联系管理员');
  return {
    ...c,
    patent_num: Number(c.patent_num),
    fee_reduction: Number(c.fee_reduction),
    former_names: formerNamesOf(c.former_names),
    editable: !actor.isSubAccount,
  };
}

export const companyProfileRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/company/info',
    access: ['company'],
    summary: '本企业信息（名称、信用代码、联系方式、行业、规模、费减资格、曾用名）',
    readOnly: true,
    handler: ({ session, deps }) => loadProfile(deps, companyActor(session)),
  }),
  route({
    method: 'POST',
    url: '/frontend/company/save',
    access: ['company'],
    denied: '仅企业用户的主账号可以修改企业信息',
    summary: '修改本企业的地址、联系人、联系电话、行业、规模和费减资格',
    body: CompanyProfileSaveBody,
    handler: async ({ body, session, deps }) => {
      const actor = companyOwner(session);
      const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const res = await deps.db.db
        .updateTable('companies')
        .set({ ...patch, updated_at: deps.clock().toISOString() })
        .where('id', '=', actor.companyId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw notFound('企业信息不存在，请联系管理员');
      return loadProfile(deps, actor);
    },
  }),
];
