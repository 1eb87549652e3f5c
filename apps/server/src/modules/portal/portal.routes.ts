import {
  ArticleAdminListBody,
  ArticleIdBody,
  ArticlePublishBody,
  ArticleSaveBody,
  PortalSettingsBody,
  PublicArticleIdQuery,
  PublicArticleQuery,
  PORTAL_CHANNELS,
} from '@ip/contract';
import type { FastifyReply } from 'fastify';
import { route, type RouteRegistry } from '../../http/routes';
import type { Session } from '../../http/auth';
import {
  adminGet,
  adminList,
  deleteArticle,
  listRevisions,
  portalHome,
  portalSettings,
  publicDetail,
  publicList,
  publishArticle,
  saveArticle,
  savePortalSettings,
  withdrawArticle,
  type Editor,
} from './portal.service';

// The portal's content calls (issue 14, ADR 0045; the spec names none). Administrator: /v1/portal/admin/*.
// Public (anyone, answered with Cache-Control: public, max-age=60): /v1/portal/{channels,home,articles,article,settings}.

const ADMIN = '仅管理员可以管理网站内容';
const editor = (s: Session | null): Editor =>
  s?.subject === 'user' ? { id: s.user.id, name: s.user.name || s.user.mobile } : { id: 0, name: '' };
const cached = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

export const portalRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/portal/admin/articles',
    access: ['admin'],
    denied: ADMIN,
    summary: '网站管理：文章列表（栏目、状态、标题关键词、分页）',
    body: ArticleAdminListBody,
    readOnly: true,
    handler: ({ body, deps }) => adminList(deps.db.db, body),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/article',
    access: ['admin'],
    denied: ADMIN,
    summary: '网站管理：文章详情（含草稿）',
    body: ArticleIdBody,
    readOnly: true,
    handler: ({ body, deps }) => adminGet(deps, body.id),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/article/save',
    access: ['admin'],
    denied: ADMIN,
    summary: '保存文章（新文章为草稿；正文按白名单清洗）',
    body: ArticleSaveBody,
    bodyLimit: 1024 * 1024,
    handler: ({ body, session, deps }) => saveArticle(deps, body, editor(session)),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/article/publish',
    access: ['admin'],
    denied: ADMIN,
    summary: '发布文章（可指定发布时间）',
    body: ArticlePublishBody,
    handler: ({ body, session, deps }) => publishArticle(deps, body.id, body.publish_at, editor(session)),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/article/withdraw',
    access: ['admin'],
    denied: ADMIN,
    summary: '撤回已发布的文章',
    body: ArticleIdBody,
    handler: ({ body, session, deps }) => withdrawArticle(deps, body.id, editor(session)),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/article/delete',
    access: ['admin'],
    denied: ADMIN,
    summary: '删除文章及其修订记录',
    body: ArticleIdBody,
    handler: ({ body, deps }) => deleteArticle(deps, body.id),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/article/revisions',
    access: ['admin'],
    denied: ADMIN,
    summary: '文章的修订记录（最近 100 次）',
    body: ArticleIdBody,
    readOnly: true,
    handler: ({ body, deps }) => listRevisions(deps.db.db, body.id),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/settings',
    access: ['admin'],
    denied: ADMIN,
    summary: '门户设置：首页横幅、页脚链接、分享设置',
    readOnly: true,
    handler: ({ deps }) => portalSettings(deps.db.db),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/settings/save',
    access: ['admin'],
    denied: ADMIN,
    summary: '保存门户设置（只改所给的部分）',
    body: PortalSettingsBody,
    handler: ({ body, deps }) => savePortalSettings(deps, body),
  }),
  // ---- public ----
  route({
    method: 'GET',
    url: '/portal/channels',
    access: 'public',
    summary: '门户栏目列表',
    handler: async ({ reply }) => {
      cached(reply);
      return PORTAL_CHANNELS.filter((c) => c.list);
    },
  }),
  route({
    method: 'GET',
    url: '/portal/home',
    access: 'public',
    summary: '门户首页：各栏目最新文章、横幅、页脚与分享设置',
    handler: async ({ reply, deps }) => {
      cached(reply);
      return portalHome(deps);
    },
  }),
  route({
    method: 'GET',
    url: '/portal/settings',
    access: 'public',
    summary: '门户横幅、页脚与分享设置',
    handler: async ({ reply, deps }) => {
      cached(reply);
      return portalSettings(deps.db.db);
    },
  }),
  route({
    method: 'GET',
    url: '/portal/articles',
    access: 'public',
    summary: '栏目文章列表（已发布；栏目内关键词、日期范围、分页）',
    query: PublicArticleQuery,
    handler: async ({ query, reply, deps }) => {
      const page = await publicList(deps, query);
      cached(reply);
      return page;
    },
  }),
  route({
    method: 'GET',
    url: '/portal/article',
    access: 'public',
    summary: '已发布文章详情及上一篇、下一篇',
    query: PublicArticleIdQuery,
    handler: async ({ query, reply, deps }) => {
      const detail = await publicDetail(deps, query.id);
      cached(reply);
      return detail;
    },
  }),
];
