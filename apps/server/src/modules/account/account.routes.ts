import { z } from 'zod';
import {
  AdminViewBody,
  BindingBody,
  ChangePasswordBody,
  ForgetBody,
  GetTokenBody,
  InfoBody,
  LoginBody,
  RegisterBody,
  SecondAuthBody,
  SendCodeBody,
  SendInfoBody,
  UpdateProfileBody,
  VerificationBody,
  VisitorLoginBody,
} from '@ip/contract';
import { issueToken, tokenFromRequest, type Session } from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { sendCode } from './codes';
import * as account from './account.service';

type UserSession = Extract<Session, { subject: 'user' }>;
/** Narrows a session the access rule already proved to be a user account. */
const userOf = (s: Session | null): UserSession => s as UserSession;

export const accountRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/user/login',
    access: 'public',
    summary: '手机号密码登录',
    body: LoginBody,
    handler: ({ body, deps }) => account.login(deps, body.mobile, body.password),
  }),
  route({
    method: 'POST',
    url: '/user/info',
    access: 'user',
    summary: '当前登录用户信息',
    body: InfoBody,
    handler: async ({ req, session }) => account.sessionUser(userOf(session), tokenFromRequest(req)!),
  }),
  route({
    method: 'POST',
    url: '/user/logout',
    access: 'visitor',
    summary: '退出登录',
    handler: async ({ session, deps }) => {
      await deps.db.db.deleteFrom('tokens').where('token_hash', '=', session!.tokenHash).execute();
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/user/send-code',
    access: 'public',
    summary: '发送短信验证码',
    body: SendCodeBody,
    handler: async ({ body, deps }) => {
      const user = await deps.db.db.selectFrom('users').select('id').where('mobile', '=', body.mobile).executeTakeFirst();
      if (body.purpose === 'register' && user) throw conflict('该手机号已注册，请直接登录');
      if ((body.purpose === 'forget' || body.purpose === 'binding') && !user) throw notFound('该手机号尚未注册');
      return sendCode(deps, body.mobile, body.purpose);
    },
  }),
  route({
    method: 'POST',
    url: '/user/register',
    access: 'public',
    summary: '注册试用账号',
    body: RegisterBody,
    handler: ({ body, deps }) => account.register(deps, body),
  }),
  route({
    method: 'POST',
    url: '/user/forget',
    access: 'public',
    summary: '短信验证码找回密码',
    body: ForgetBody,
    handler: async ({ body, deps }) => {
      await account.resetPassword(deps, body);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/user/change-password',
    access: 'user',
    summary: '修改密码',
    body: ChangePasswordBody,
    handler: async ({ body, session, deps }) => {
      await account.changePassword(deps, userOf(session), body.old_password, body.password);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/user/profile',
    access: 'user',
    summary: '修改个人资料',
    body: UpdateProfileBody,
    handler: async ({ body, session, deps }) => {
      const s = userOf(session);
      if (body.avatar !== undefined && body.avatar !== '' && !/^\/uploads\/[\w.-]+$/.test(body.avatar)) {
        throw badRequest('头像地址不正确，请重新上传', [{ path: 'avatar', msg: '头像地址不正确，请重新上传' }]);
      }
      const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      if (Object.keys(patch).length === 0) throw badRequest('没有需要修改的内容');
      await deps.db.db
        .updateTable('users')
        .set({ ...patch, updated_at: deps.clock().toISOString() })
        .where('id', '=', s.user.id)
        .execute();
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/user/send-info',
    access: ['admin'],
    summary: '管理员向手机号发送短信通知',
    body: SendInfoBody,
    handler: async ({ body, deps, session }) => {
      await deps.sms.send(body.mobile, `【知识产权管理与专利检索平台】${body.content}`);
      await deps.db.db
        .insertInto('audit_log')
        .values({
          admin_id: userOf(session).user.id,
          user_id: null,
          action: 'send_info',
          detail: body.mobile,
          created_at: deps.clock().toISOString(),
        })
        .execute();
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/user/auth',
    access: 'user',
    summary: '二次认证（账号密码换取 tokenIfon）',
    body: SecondAuthBody,
    handler: async ({ body, session, deps }) => {
      const s = userOf(session);
      if (body.account !== s.user.mobile) throw forbidden('只能使用当前登录账号进行二次认证');
      const user = await account.authenticate(deps, body.account, body.password);
      return { tokenIfon: await issueToken(deps, 'ifon', user.id) };
    },
  }),
  route({
    method: 'POST',
    url: '/visitor/login',
    access: 'public',
    summary: '访客短信验证码登录',
    body: VisitorLoginBody,
    handler: ({ body, deps }) => account.visitorLogin(deps, body.mobile, body.code),
  }),
  route({
    method: 'POST',
    url: '/verification',
    access: ['trial'],
    summary: '试用用户提交企业认证申请',
    body: VerificationBody,
    handler: async ({ body, session, deps }) => {
      const s = userOf(session);
      const { db } = deps.db;
      const pending = await db
        .selectFrom('verifications')
        .select('id')
        .where('user_id', '=', s.user.id)
        .where('status', '=', 0)
        .executeTakeFirst();
      if (pending) throw conflict('您已提交认证申请，请等待管理员审核');
      const row = await db
        .insertInto('verifications')
        .values({
          user_id: s.user.id,
          company_name: body.company_name,
          credit_code: body.credit_code,
          contact: body.contact,
          license: body.license,
          status: 0,
          remark: '',
          reviewer_id: null,
          created_at: deps.clock().toISOString(),
          reviewed_at: null,
        })
        .returning(['id', 'status', 'created_at'])
        .executeTakeFirstOrThrow();
      return row;
    },
  }),
  route({
    method: 'POST',
    url: '/verification/status',
    access: 'user',
    summary: '当前用户最近一次认证申请的状态',
    handler: async ({ session, deps }) => {
      const row = await deps.db.db
        .selectFrom('verifications')
        .select(['id', 'company_name', 'status', 'remark', 'created_at', 'reviewed_at'])
        .where('user_id', '=', userOf(session).user.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? { status: null };
    },
  }),
  route({
    method: 'POST',
    url: '/get_token',
    access: 'public',
    summary: '已绑定微信的 openid 换取登录令牌',
    body: GetTokenBody,
    handler: async ({ body, deps }) => {
      const binding = await deps.db.db
        .selectFrom('wechat_bindings')
        .innerJoin('users', 'users.id', 'wechat_bindings.user_id')
        .select(['users.id', 'users.status', 'users.newtype'])
        .where('wechat_bindings.openid', '=', body.openid)
        .executeTakeFirst();
      if (!binding) throw notFound('该微信尚未绑定账号，请先绑定');
      if (binding.status !== 1) throw forbidden('账号已被停用，请联系管理员');
      return { token: await issueToken(deps, 'user', binding.id), newtype: binding.newtype };
    },
  }),
  route({
    method: 'POST',
    url: '/binding',
    access: 'public',
    summary: '微信 openid 绑定手机号账号',
    body: BindingBody,
    handler: async ({ body, deps }) => {
      const { db } = deps.db;
      const user = await db
        .selectFrom('users')
        .select(['id', 'status', 'newtype'])
        .where('mobile', '=', body.mobile)
        .executeTakeFirst();
      if (!user) throw notFound('该手机号尚未注册');
      if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');
      await account.checkBindingCode(deps, body.mobile, body.code);
      const now = deps.clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('wechat_bindings').where('openid', '=', body.openid).execute();
        await trx.insertInto('wechat_bindings').values({ openid: body.openid, user_id: user.id, created_at: now }).execute();
      });
      return { token: await issueToken(deps, 'user', user.id), newtype: user.newtype };
    },
  }),
  route({
    method: 'GET',
    url: '/wechat',
    access: 'public',
    summary: '跳转微信授权',
    answers: 'redirect',
    query: z.object({
      redirect_uri: z.string({ error: '缺少回调地址' }).regex(/^\/(?!\/)[\w\-./?=&%]*$/, '回调地址只能是本站路径'),
      state: z.string().max(64, 'state 过长').default('login'),
    }),
    handler: async ({ req, query, deps, reply }) => {
      // WeChat needs an absolute callback on this site; only a local path was accepted above.
      const callback = new URL(query.redirect_uri, `${req.protocol}://${req.host}`).toString();
      return reply.redirect(deps.wechat.authorizeUrl(callback, query.state));
    },
  }),
  route({
    method: 'GET',
    url: '/openid_login',
    access: 'public',
    summary: '微信授权码登录：已绑定则返回令牌',
    query: z.object({ code: z.string({ error: '缺少微信授权码' }).min(1, '缺少微信授权码').max(200, '授权码过长') }),
    handler: async ({ query, deps }) => {
      const openid = await deps.wechat.openidFromCode(query.code);
      const binding = await deps.db.db
        .selectFrom('wechat_bindings')
        .innerJoin('users', 'users.id', 'wechat_bindings.user_id')
        .select(['users.id', 'users.status'])
        .where('wechat_bindings.openid', '=', openid)
        .executeTakeFirst();
      const token = binding && binding.status === 1 ? await issueToken(deps, 'user', binding.id) : null;
      return { openid, token, bound: Boolean(binding) };
    },
  }),
  route({
    method: 'POST',
    url: '/user/admin-view',
    access: ['admin'],
    summary: '管理员进入企业端（代查看企业用户）',
    body: AdminViewBody,
    handler: async ({ body, session, deps }) => {
      const admin = userOf(session);
      if (admin.isAdminView) throw forbidden('请先返回管理端');
      const target = await deps.db.db.selectFrom('users').selectAll().where('id', '=', body.user_id).executeTakeFirst();
      if (!target) throw notFound('用户不存在');
      if (target.is_admin === 1 || target.is_news === 1) throw badRequest('只能进入企业用户的企业端');
      if (target.status !== 1) throw badRequest('该用户已被停用');
      const token = await issueToken(deps, 'user', target.id, { adminId: admin.user.id });
      await deps.db.db
        .insertInto('audit_log')
        .values({
          admin_id: admin.user.id,
          user_id: target.id,
          action: 'enter_admin_view',
          detail: `进入企业端：${target.name}（${target.mobile}）`,
          created_at: deps.clock().toISOString(),
        })
        .execute();
      return { token };
    },
  }),
];
