import {
  ChangeStreetBody,
  CompanyLabelSetBody,
  LabelAddBody,
  LabelDeleteBody,
  LabelEditBody,
  LabelListBody,
  LabelTrueBody,
  ServiceCompanyListBody,
  ServiceLimitsBody,
  StaffAddBody,
  StaffAssignBody,
  StaffDetailBody,
  StaffEditBody,
  StaffListBody,
  StaffPasswordBody,
  StreetDeleteBody,
  StreetSaveBody,
  type LabelKind,
} from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { addLabel, applyLabel, deleteLabel, editLabel, listLabels, setCompanyLabels } from './labels';
import { changeStreet, listServiceCompanies, saveServiceLimits, serviceLimits } from './companies';
import { serviceMain, serviceScope, SERVICE_ONLY } from './service-scope';
import { addStaff, assignStaff, editStaff, listStaff, resetStaffPassword, staffAssignment } from './staff';
import { deleteStreet, listStreets, saveStreet } from './streets';

// The enterprise-service foundation (issue 12, ADR 0038). Spec names are kept (companyLabel*, demandLabel*,
// labelTrue, visit/companyLabel, visit/deamdLabel, visit/staff, visit/changeStreet, company/street,
// old/user/street); the calls the spec does not name live under /v1/service/* (main account) and
// /v1/system/street/* (administrator). Every call of a main account or staff member goes through service-scope.

const MAIN_ONLY = '仅企业服务主账号可以进行该操作';

function labelRoutes(kind: LabelKind, prefix: 'companyLabel' | 'demandLabel', what: string): RouteRegistry {
  return [
    route({
      method: 'POST',
      url: `/company/${prefix}Index`,
      access: ['main', 'staff'],
      denied: SERVICE_ONLY,
      summary: `${what}列表（本中心定义，员工可读）`,
      body: LabelListBody,
      readOnly: true,
      handler: ({ body, session, deps }) => listLabels(deps.db.db, serviceScope(session), kind, body.keyword),
    }),
    route({
      method: 'POST',
      url: `/company/${prefix}Add`,
      access: ['main'],
      denied: MAIN_ONLY,
      summary: `新增${what}`,
      body: LabelAddBody,
      handler: ({ body, session, deps }) => addLabel(deps, serviceMain(session), kind, body),
    }),
    route({
      method: 'POST',
      url: `/company/${prefix}Edit`,
      access: ['main'],
      denied: MAIN_ONLY,
      summary: `修改${what}的名称、颜色或排序`,
      body: LabelEditBody,
      handler: ({ body, session, deps }) => editLabel(deps, serviceMain(session), kind, body),
    }),
    route({
      method: 'POST',
      url: `/company/${prefix}Del`,
      access: ['main'],
      denied: MAIN_ONLY,
      summary: `删除${what}（企业标签同时从企业上移除）`,
      body: LabelDeleteBody,
      handler: ({ body, session, deps }) => deleteLabel(deps, serviceMain(session), kind, body.id),
    }),
  ];
}

export const enterpriseRoutes: RouteRegistry = [
  // ---- streets ----
  route({
    method: 'GET',
    url: '/old/user/street',
    access: 'user',
    summary: '街道列表（编号、名称、所属区域）',
    handler: async ({ deps }) =>
      (await listStreets(deps.db.db)).map(({ id, name, region, sort }) => ({ id, name, region, sort })),
  }),
  route({
    method: 'GET',
    url: '/company/street',
    access: ['main', 'staff', 'admin'],
    denied: SERVICE_ONLY,
    summary: '街道列表及各街道企业数（企业服务账号：服务范围内的企业）',
    handler: ({ session, deps }) =>
      listStreets(deps.db.db, session?.subject === 'user' && session.kind === 'admin' ? undefined : serviceScope(session)),
  }),
  route({
    method: 'POST',
    url: '/system/street/index',
    access: ['admin'],
    summary: '街道管理：全部街道及企业数',
    readOnly: true,
    handler: ({ deps }) => listStreets(deps.db.db),
  }),
  route({
    method: 'POST',
    url: '/system/street/save',
    access: ['admin'],
    summary: '新增或修改街道（改名同步到企业）',
    body: StreetSaveBody,
    handler: ({ body, deps }) => saveStreet(deps, body),
  }),
  route({
    method: 'POST',
    url: '/system/street/delete',
    access: ['admin'],
    summary: '删除没有企业的街道',
    body: StreetDeleteBody,
    handler: ({ body, deps }) => deleteStreet(deps, body.id),
  }),
  // ---- labels ----
  ...labelRoutes('company', 'companyLabel', '企业标签'),
  ...labelRoutes('demand', 'demandLabel', '需求标签'),
  route({
    method: 'POST',
    url: '/company/labelTrue',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '给一批服务范围内的企业打上（或取消）一个企业标签',
    body: LabelTrueBody,
    handler: ({ body, session, deps }) => applyLabel(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/visit/companyLabel',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '设置一家服务范围内企业的全部企业标签',
    body: CompanyLabelSetBody,
    handler: ({ body, session, deps }) => setCompanyLabels(deps, serviceScope(session), body),
  }),
  route({
    method: 'GET',
    url: '/visit/deamdLabel',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '需求标签（登记需求时选择）',
    handler: async ({ session, deps }) =>
      (await listLabels(deps.db.db, serviceScope(session), 'demand')).map(({ id, name, color }) => ({ id, name, color })),
  }),
  route({
    method: 'POST',
    url: '/visit/changeStreet',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '调整服务范围内企业的所属街道',
    body: ChangeStreetBody,
    handler: ({ body, session, deps }) => changeStreet(deps, serviceScope(session), body),
  }),
  // ---- staff ----
  route({
    method: 'POST',
    url: '/visit/staff',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '本中心员工列表（员工只看到自己）',
    body: StaffListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listStaff(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/service/staff/add',
    access: ['main'],
    denied: MAIN_ONLY,
    summary: '新建员工（手机号、姓名、初始密码；首次登录须修改密码）',
    body: StaffAddBody,
    handler: ({ body, session, deps }) => addStaff(deps, serviceMain(session), body),
  }),
  route({
    method: 'POST',
    url: '/service/staff/edit',
    access: ['main'],
    denied: MAIN_ONLY,
    summary: '修改员工的姓名、手机号或启用状态（停用即下线）',
    body: StaffEditBody,
    handler: ({ body, session, deps }) => editStaff(deps, serviceMain(session), body),
  }),
  route({
    method: 'POST',
    url: '/service/staff/password',
    access: ['main'],
    denied: MAIN_ONLY,
    summary: '重置员工密码（该员工下线，下次登录须修改密码）',
    body: StaffPasswordBody,
    handler: ({ body, session, deps }) => resetStaffPassword(deps, serviceMain(session), body),
  }),
  route({
    method: 'POST',
    url: '/service/staff/assignment',
    access: ['main'],
    denied: MAIN_ONLY,
    summary: '员工负责的企业与街道',
    body: StaffDetailBody,
    readOnly: true,
    handler: ({ body, session, deps }) => staffAssignment(deps, serviceMain(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/service/staff/assign',
    access: ['main'],
    denied: MAIN_ONLY,
    summary: '设置员工负责的企业与街道（整体替换）',
    body: StaffAssignBody,
    handler: ({ body, session, deps }) => assignStaff(deps, serviceMain(session), body),
  }),
  // ---- enterprises in scope, time limits ----
  route({
    method: 'POST',
    url: '/service/companies',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '服务范围内的企业（街道、标签、员工筛选）',
    body: ServiceCompanyListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listServiceCompanies(deps, serviceScope(session), body),
  }),
  route({
    method: 'POST',
    url: '/service/limits',
    access: ['main', 'staff'],
    denied: SERVICE_ONLY,
    summary: '需求办理时限（工作日）',
    readOnly: true,
    handler: ({ session, deps }) => serviceLimits(deps, serviceScope(session)),
  }),
  route({
    method: 'POST',
    url: '/service/limits/save',
    access: ['main'],
    denied: MAIN_ONLY,
    summary: '保存需求办理时限（联系 ≤ 首次答复 ≤ 办结）',
    body: ServiceLimitsBody,
    handler: ({ body, session, deps }) => saveServiceLimits(deps, serviceMain(session), body),
  }),
];
