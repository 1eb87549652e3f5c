import {
  AddSubAccountBody,
  DeleteSubAccountBody,
  EditSubAccountBody,
  ResetSubAccountPasswordBody,
  SubAccountListBody,
} from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { companyOwner } from './company-context';
import { addSubAccount, deleteSubAccount, editSubAccount, listSubAccounts, resetSubAccountPassword } from './sub-accounts';

// Spec §7 /v1/frontend/visitor/*, read as a company's sub-accounts (ADR 0022). Only the company's main user (rid 0)
// calls them: companyOwner refuses sub-accounts and users without a company with a Chinese message.

const DENIED = '仅企业用户的主账号可以管理子账号';

export const subAccountRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/visitor/index',
    access: ['company'],
    denied: DENIED,
    summary: '本企业子账号列表（分页、关键词、状态筛选）',
    body: SubAccountListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listSubAccounts(deps, companyOwner(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/visitor/add_visitor',
    access: ['company'],
    denied: DENIED,
    summary: '新建子账号（手机号、姓名、初始密码；首次登录须修改密码）',
    body: AddSubAccountBody,
    handler: ({ body, session, deps }) => addSubAccount(deps, companyOwner(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/visitor/edit_visitor',
    access: ['company'],
    denied: DENIED,
    summary: '修改子账号的姓名、手机号或启用状态（停用即下线）',
    body: EditSubAccountBody,
    handler: ({ body, session, deps }) => editSubAccount(deps, companyOwner(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/visitor/edit_info',
    access: ['company'],
    denied: DENIED,
    summary: '重置子账号密码（该账号下线，下次登录须修改密码）',
    body: ResetSubAccountPasswordBody,
    handler: ({ body, session, deps }) => resetSubAccountPassword(deps, companyOwner(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/visitor/del_visitor',
    access: ['company'],
    denied: DENIED,
    summary: '删除子账号（立即下线；其操作记录仍归属该账号）',
    body: DeleteSubAccountBody,
    handler: ({ body, session, deps }) => deleteSubAccount(deps, companyOwner(session), body.id),
  }),
];
