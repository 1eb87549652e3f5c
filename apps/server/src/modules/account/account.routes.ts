import crypto from 'node:crypto';
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
  privateFileId,
  VisitorLoginBody,
  USER_STATUS_DELETED,
} from '@ip/contract';
import type { Deps } from '../../deps';
import {
  clearTokenCookie,
  cookieOptions,
  deleteToken,
  issueToken,
  setTokenCookie,
  tokenFromRequest,
  type Session,
} from '../../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { invalidCode, sendCode, type Delivery } from './codes';
import { newSecret, peekGrant, storeGrant, takeGrant } from './wechat';
import * as account from './account.service';

type UserSession = Extract<Session, { subject: 'user' }>;

const WECHAT_STATE_COOKIE = 'wx_state';
const WECHAT_STATE_TTL_MS = 10 * 60 * 1000;
const WECHAT_TICKET_TTL_MS = 10 * 60 * 1000;
const TICKET_GONE = '微信登录凭证已失效，请重新进入';

/** The account a WeChat openid is bound to, if any. */
function boundUser(deps: Deps, openid: string) {
  return deps.db.db
    .selectFrom('wechat_bindings')
    .innerJoin('users', 'users.id', 'wechat_bindings.user_id')
    .select(['users.id', 'users.status', 'users.newtype'])
    .where('wechat_bindings.openid', '=', openid)
    .executeTakeFirst();
}
/** Narrows a session the access rule already proved to be a user account. */
const userOf = (s: Session | null): UserSession => s as UserSession;

export const accountRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/user/login',
    access: 'public',
    summary: '手机号密码登录',
    body: LoginBody,
    handler: async ({ req, reply, body, deps }) => {
      const res = await account.login(deps, body.mobile, body.password, req.ip);
      setTokenCookie(req, reply, res.token);
      return res;
    },
  }),
  route({
    method: 'POST',
    url: '/user/info',
    access: 'user',
    summary: '当前登录用户信息',
    beforePasswordChange: true,
    body: InfoBody,
    handler: async ({ req, session }) => account.sessionUser(userOf(session), tokenFromRequest(req)!),
  }),
  route({
    method: 'POST',
    url: '/user/logout',
    access: 'visitor',
    summary: '退出登录',
    beforePasswordChange: true,
    handler: async ({ req, reply, session, deps }) => {
      // The admin-view tokens opened from this session end with it.
      await deleteToken(deps.db.db, session!.tokenHash);
      clearTokenCookie(req, reply);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/user/send-code',
    access: 'public',
    summary: '发送短信验证码',
    body: SendCodeBody,
    handler: async ({ req, body, deps }) => {
      // One answer whether or not the mobile is registered (ADR 0013): only the owner's phone learns which.
      const user = await deps.db.db.selectFrom('users').select('id').where('mobile', '=', body.mobile).executeTakeFirst();
      let delivery: Delivery = 'code';
      if (body.purpose === 'register' && user) delivery = 'registered';
      if ((body.purpose === 'forget' || body.purpose === 'binding') && !user) delivery = 'none';
      return sendCode(deps, body.mobile, body.purpose, req.ip, delivery);
    },
  }),
  route({
    method: 'POST',
    url: '/user/register',
    access: 'public',
    summary: '注册试用账号',
    body: RegisterBody,
    handler: async ({ req, reply, body, deps }) => {
      const res = await account.register(deps, body);
      setTokenCookie(req, reply, res.token);
      return res;
    },
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
    beforePasswordChange: true,
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
    handler: async ({ req, body, session, deps }) => {
      const s = userOf(session);
      if (body.account !== s.user.mobile) throw forbidden('只能使用当前登录账号进行二次认证');
      const user = await account.authenticate(deps, body.account, body.password, req.ip);
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
      // The licence is a private file the caller uploaded (ADR 0014), never a public address or someone else's file.
      const licenceId = privateFileId(body.license);
      const licence = licenceId
        ? await db
            .selectFrom('files')
            .select('id')
            .where('id', '=', licenceId)
            .where('owner_id', '=', s.user.id)
            .where('visibility', '=', 'private')
            .where('purpose', 'in', ['licence', 'document'])
            .executeTakeFirst()
        : undefined;
      if (!licence) {
        throw badRequest('营业执照文件不正确，请重新上传', [{ path: 'license', msg: '营业执照文件不正确，请重新上传' }]);
      }
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
    summary: '微信登录凭证换取登录令牌（微信已绑定账号时）',
    body: GetTokenBody,
    handler: async ({ req, reply, body, deps }) => {
      const openid = await peekGrant(deps, 'ticket', body.ticket);
      if (openid === undefined) throw badRequest(TICKET_GONE);
      const binding = await boundUser(deps, openid);
      if (!binding) throw notFound('该微信尚未绑定账号，请先绑定');
      if (binding.status !== 1) throw forbidden('账号已被停用，请联系管理员');
      if ((await takeGrant(deps, 'ticket', body.ticket)) === undefined) throw badRequest(TICKET_GONE);
      const token = await issueToken(deps, 'user', binding.id);
      setTokenCookie(req, reply, token);
      return { token, newtype: binding.newtype };
    },
  }),
  route({
    method: 'POST',
    url: '/binding',
    access: 'public',
    summary: '微信登录凭证绑定手机号账号（短信验证码）',
    body: BindingBody,
    handler: async ({ req, reply, body, deps }) => {
      const { db } = deps.db;
      if ((await peekGrant(deps, 'ticket', body.ticket)) === undefined) throw badRequest(TICKET_GONE);
      // The code first, then the account: an unknown mobile answers like a wrong code (send-code told nobody).
      await account.checkBindingCode(deps, body.mobile, body.code);
      const user = await db
        .selectFrom('users')
        .select(['id', 'status', 'newtype'])
        .where('mobile', '=', body.mobile)
        .executeTakeFirst();
      if (!user) throw invalidCode();
      if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');
      const openid = await takeGrant(deps, 'ticket', body.ticket);
      if (openid === undefined) throw badRequest(TICKET_GONE);
      const now = deps.clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('wechat_bindings').where('openid', '=', openid).execute();
        await trx.insertInto('wechat_bindings').values({ openid, user_id: user.id, created_at: now }).execute();
      });
      const token = await issueToken(deps, 'user', user.id);
      setTokenCookie(req, reply, token);
      return { token, newtype: user.newtype };
    },
  }),
  route({
    method: 'GET',
    url: '/wechat',
    access: 'public',
    summary: '跳转微信授权（state 绑定本浏览器）',
    answers: 'redirect',
    query: z.object({
      redirect_uri: z
        .string({ error: '缺少回调地址' })
        .regex(/^\/(?!\/)[\w\-./?=&%]*$/, '回调地址只能是本站路径')
        .max(400, '回调地址过长'),
    }),
    handler: async ({ req, query, deps, reply }) => {
      // A random state, stored hashed and single use, bound to this browser by an HttpOnly cookie (ADR 0013).
      const state = newSecret();
      await storeGrant(deps, 'state', state, query.redirect_uri, WECHAT_STATE_TTL_MS);
      reply.setCookie(WECHAT_STATE_COOKIE, state, cookieOptions(req, WECHAT_STATE_TTL_MS, '/v1/'));
      // WeChat needs an absolute callback on this site; only a local path was accepted above.
      const callback = new URL(query.redirect_uri, `${req.protocol}://${req.host}`).toString();
      return reply.redirect(await deps.wechat.authorizeUrl(callback, state, { req, reply, deps }));
    },
  }),
  route({
    method: 'GET',
    url: '/openid_login',
    access: 'public',
    summary: '微信授权码登录：已绑定则返回令牌，否则返回一次性绑定凭证',
    query: z.object({
      code: z.string({ error: '缺少微信授权码' }).min(1, '缺少微信授权码').max(200, '授权码过长'),
      state: z.string({ error: '缺少 state，请重新进入' }).regex(/^[0-9a-f]{64}$/, 'state 无效，请重新进入'),
    }),
    handler: async ({ req, reply, query, deps }) => {
      // The state must be this browser's (cookie), unused and unexpired; it is used up here.
      const cookie = (req.cookies as Record<string, string | undefined>)[WECHAT_STATE_COOKIE] ?? '';
      const sameBrowser =
        cookie.length === query.state.length && crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(query.state));
      if (!sameBrowser) throw badRequest('微信授权与当前浏览器不匹配，请重新进入');
      reply.clearCookie(WECHAT_STATE_COOKIE, { path: '/v1/' });
      const redirect = await takeGrant(deps, 'state', query.state);
      if (redirect === undefined) throw badRequest('微信授权已失效，请重新进入');
      const openid = await deps.wechat.openidFromCode(query.code, { req, reply, deps });
      const binding = await boundUser(deps, openid);
      if (binding) {
        if (binding.status !== 1) throw forbidden('账号已被停用，请联系管理员');
        const token = await issueToken(deps, 'user', binding.id);
        setTokenCookie(req, reply, token);
        return { bound: true, token, newtype: binding.newtype, ticket: null, redirect_uri: redirect };
      }
      // Not bound yet: a short-lived single-use ticket stands for the openid, which never leaves the server.
      const ticket = newSecret();
      await storeGrant(deps, 'ticket', ticket, openid, WECHAT_TICKET_TTL_MS);
      return { bound: false, token: null, newtype: null, ticket, redirect_uri: redirect };
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
      if (!target || target.status === USER_STATUS_DELETED) throw notFound('用户不存在');
      if (target.is_admin === 1 || target.is_news === 1) throw badRequest('只能进入企业用户的企业端');
      if (target.status !== 1) throw badRequest('该用户已被停用');
      const token = await issueToken(deps, 'user', target.id, { adminId: admin.user.id, parentHash: admin.tokenHash });
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
