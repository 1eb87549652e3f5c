import { ArticleReadBody, ArticleRestoreBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import type { Session } from '../../http/auth';
import { adminRead, restoreRevision } from './cms.service';

// Content-management calls added for /web and /news (issue 14, ADR 0053); administrators only.

const ADMIN = '仅管理员可以管理网站内容';
const editor = (s: Session | null) =>
  s?.subject === 'user' ? { id: s.user.id, name: s.user.name || s.user.mobile } : { id: 0, name: '' };

export const cmsRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/portal/admin/article/restore',
    access: ['admin'],
    denied: ADMIN,
    summary: '恢复文章的某个历史版本（状态不变）',
    body: ArticleRestoreBody,
    handler: ({ body, session, deps }) => restoreRevision(deps, body.id, body.revision_id, editor(session)),
  }),
  route({
    method: 'POST',
    url: '/portal/admin/article/read',
    access: ['admin'],
    denied: ADMIN,
    summary: '资讯中心：文章阅读（含内部通知与草稿）及上一篇、下一篇',
    body: ArticleReadBody,
    readOnly: true,
    handler: ({ body, deps }) => adminRead(deps, body.id),
  }),
];
