import { WarningSettingBody, type WarningSetting } from '@ip/contract';
import type { Deps } from '../../deps';
import { route, type RouteRegistry } from '../../http/routes';
import { companyActor, companyOwner, type CompanyActor } from '../company/company-context';
import { getLeadTimes } from './lead-times';

// A company's warning lead times (/system 提醒设置, ADR 0027): the main account edits, sub-accounts read.

async function readSetting(deps: Deps, actor: CompanyActor): Promise<WarningSetting> {
  const lt = await getLeadTimes(deps, actor.companyId);
  const row = await deps.db.db
    .selectFrom('warning_settings')
    .select('updated_at')
    .where('company_id', '=', actor.companyId)
    .executeTakeFirst();
  return {
    fee_days: lt.fee,
    fee_grace_monthly: lt.feeGraceMonthly,
    certificate_days: lt.certificate,
    custom: !!row,
    editable: !actor.isSubAccount,
    updated_at: row?.updated_at ?? null,
  };
}

async function saveSetting(
  deps: Deps,
  actor: CompanyActor,
  body: { fee_days: number[]; fee_grace_monthly: boolean; certificate_days: number[] },
): Promise<WarningSetting> {
  const now = deps.clock().toISOString();
  const values = {
    fee_days: JSON.stringify(body.fee_days),
    fee_grace_monthly: body.fee_grace_monthly ? 1 : 0,
    certificate_days: JSON.stringify(body.certificate_days),
    updated_at: now,
  };
  await deps.db.db
    .insertInto('warning_settings')
    .values({ company_id: actor.companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
  return readSetting(deps, actor);
}

export const warningSettingRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/warning/setting',
    access: ['company', 'trial'],
    summary: '提醒设置：本企业的年费与证书到期提醒天数（未设置时为默认 90、30、7 天）',
    readOnly: true,
    handler: ({ session, deps }) => readSetting(deps, companyActor(session)),
  }),
  route({
    method: 'POST',
    url: '/frontend/warning/save',
    access: ['company', 'trial'],
    summary: '保存提醒设置（企业主账号）',
    body: WarningSettingBody,
    handler: ({ body, session, deps }) => saveSetting(deps, companyOwner(session), body),
  }),
];
