import { z } from 'zod';
import {
  AdminPasswordBody,
  ApplicationDecisionBody,
  ApplicationListBody,
  CompanyOptionsBody,
  CreateUserBody,
  UpdateUserBody,
  UpdateUserInfoBody,
  UserInfoBody,
  USER_STATUS_DELETED,
} from '@ip/contract';
import { containsText } from '../../db/sql';
import { endSessionsOf, type Session } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { decideApplication, listApplications } from './applications';
import { companyOptions, createUser, setUserPassword, updateUser, updateUserInfo, userDetail } from './users.service';

type UserSession = Extract<Session, { subject: 'user' }>;
/** The administrator behind a session the access rule already proved to be one. */
const adminOf = (s: Session | null) => (s as UserSession).user.id;

const KINDS = ['all', 'company', 'trial', 'admin', 'main', 'staff'] as const;

const ListBody = z.object({
  page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1),
  page_size: z.coerce
    .number({ error: '每页条数不正确' })
    .int('每页条数不正确')
    .min(1, '每页条数不正确')
    .max(100, '每页最多 100 条')
    .default(20),
  keyword: z.string().trim().max(50, '关键词不能超过 50 个字').optional(),
  kind: z.enum(KINDS, { error: '用户类型不正确' }).default('all'),
});

const StateBody = z.object({
  id: z.coerce.number({ error: '请选择用户' }).int().positive('请选择用户'),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0（停用）或 1（启用）' }),
});

export const userAdminRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/news/user/index',
    access: ['admin'],
    summary: '用户列表（分页、搜索、按类型筛选）',
    readOnly: true,
    body: ListBody,
    handler: async ({ body, deps }) => {
      // A deleted sub-account (status -1, ADR 0022) is gone for the administrator too (ADR 0031).
      let q = deps.db.db.selectFrom('users').where('status', '<>', USER_STATUS_DELETED);
      if (body.keyword) {
        const k = body.keyword;
        q = q.where((eb) => eb.or([containsText('mobile', k), containsText('name', k), containsText('company_name', k)]));
      }
      if (body.kind === 'admin') q = q.where('is_admin', '=', 1);
      if (body.kind === 'company') q = q.where('is_admin', '=', 0).where('is_news', '=', 0).where('type', '<>', '1');
      if (body.kind === 'trial') q = q.where('is_admin', '=', 0).where('is_news', '=', 0).where('type', '=', '1');
      if (body.kind === 'main') q = q.where('is_news', '=', 1).where('com_id', '=', 0);
      if (body.kind === 'staff') q = q.where('is_news', '=', 1).where('com_id', '<>', 0);
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const list = await q
        .select([
          'id',
          'mobile',
          'name',
          'company_name',
          'company_id',
          'type',
          'is_admin',
          'is_news',
          'com_id',
          'status',
          'must_change_password',
          'created_at',
        ])
        .orderBy('id', 'asc')
        .limit(body.page_size)
        .offset((body.page - 1) * body.page_size)
        .execute();
      return { list, total: Number(total), page: body.page, page_size: body.page_size };
    },
  }),
  route({
    method: 'POST',
    url: '/news/user/state',
    access: ['admin'],
    summary: '启用或停用用户',
    body: StateBody,
    handler: async ({ body, session, deps }) => {
      const admin = session as Extract<Session, { subject: 'user' }>;
      if (body.id === admin.user.id) throw badRequest('不能停用自己的账号');
      const { db } = deps.db;
      const target = await db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', '=', body.id)
        .where('status', '<>', USER_STATUS_DELETED)
        .executeTakeFirst();
      if (!target) throw notFound('用户不存在');
      const now = deps.clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ status: body.status, updated_at: now })
          .where('id', '=', body.id)
          .where('status', '<>', USER_STATUS_DELETED)
          .execute();
        // A disabled account's sessions end at once, with the admin-view tokens a disabled administrator opened.
        if (body.status === 0) await endSessionsOf(trx, body.id);
        await trx
          .insertInto('audit_log')
          .values({
            admin_id: admin.user.id,
            user_id: body.id,
            action: body.status === 0 ? 'disable_user' : 'enable_user',
            detail: target.name,
            created_at: now,
          })
          .execute();
      });
      return { id: body.id, status: body.status };
    },
  }),
  route({
    method: 'POST',
    url: '/news/user/create',
    access: ['admin'],
    summary: '新建用户（企业用户、试用用户、企业服务主账号或员工、管理员）',
    body: CreateUserBody,
    handler: ({ body, session, deps }) => createUser(deps, adminOf(session), body),
  }),
  route({
    method: 'POST',
    url: '/news/user/update-user',
    access: ['admin'],
    summary: '修改用户账号（手机号、类型、所属企业、所属主账号、状态）',
    body: UpdateUserBody,
    handler: ({ body, session, deps }) => updateUser(deps, adminOf(session), body),
  }),
  route({
    method: 'POST',
    url: '/news/user/update-user-info',
    access: ['admin'],
    summary: '修改用户资料（姓名、头像、简介、街道）',
    body: UpdateUserInfoBody,
    handler: ({ body, session, deps }) => updateUserInfo(deps, adminOf(session), body),
  }),
  route({
    method: 'POST',
    url: '/news/user/password',
    access: ['admin'],
    summary: '设置或重置用户密码（用户下次登录须修改）',
    body: AdminPasswordBody,
    handler: ({ body, session, deps }) => setUserPassword(deps, adminOf(session), body.id, body.password),
  }),
  route({
    method: 'POST',
    url: '/news/user/newsinfo',
    access: ['admin'],
    summary: '用户详情（账号、资料、所属企业、认证申请；主账号另含员工列表与人数）',
    readOnly: true,
    body: UserInfoBody,
    handler: ({ body, deps }) => userDetail(deps.db.db, body.id),
  }),
  route({
    method: 'POST',
    url: '/news/user/companies',
    access: ['admin'],
    summary: '按名称或统一社会信用代码查找企业（新建、编辑用户时选择所属企业）',
    readOnly: true,
    body: CompanyOptionsBody,
    handler: ({ body, deps }) => companyOptions(deps.db.db, body.keyword),
  }),
  route({
    method: 'POST',
    url: '/news/user/queue',
    access: ['admin'],
    summary: '企业认证申请列表（待审核在前，按状态、关键词、日期筛选）',
    readOnly: true,
    body: ApplicationListBody,
    handler: ({ body, deps }) => listApplications(deps, body),
  }),
  route({
    method: 'POST',
    url: '/news/user/queuestate',
    access: ['admin'],
    summary: '审核企业认证申请（通过并关联企业，或填写原因驳回）',
    body: ApplicationDecisionBody,
    handler: ({ body, session, deps }) => decideApplication(deps, adminOf(session), body),
  }),
];
