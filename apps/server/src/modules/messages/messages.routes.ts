import { MessageIdBody, MessageIdsBody, MessageListBody, MessageReadAllBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { deleteMessages, listMessages, markAllRead, markRead, messageDetail, readerOf, unreadCount } from './messages.service';

// The message centre (ADR 0028): each account's own messages, by user id. Company users (sub-accounts and trial users
// included) and, for issue 12, the enterprise-service accounts (main, staff); in admin view the viewed user's.
const ACCESS: ['company', 'trial', 'main', 'staff'] = ['company', 'trial', 'main', 'staff'];
const DENIED = '管理员账号没有消息中心，请进入企业端查看企业用户的消息';

export const messageRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/message/index',
    access: ACCESS,
    denied: DENIED,
    summary: '消息列表（未读在前、最新在前；按类型/已读/已处理/日期/关键词筛选、分页）',
    body: MessageListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listMessages(deps, readerOf(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/message/detail',
    access: ACCESS,
    denied: DENIED,
    summary: '消息详情（打开即标记已读；管理端代查看时不标记）',
    body: MessageIdBody,
    // Changes only read_at, and never in admin view: no audit row needed.
    readOnly: true,
    handler: ({ body, session, deps }) => messageDetail(deps, readerOf(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/message/read',
    access: ACCESS,
    denied: DENIED,
    summary: '标记消息已读（一条或多条）',
    body: MessageIdsBody,
    handler: ({ body, session, deps }) => markRead(deps, readerOf(session), body.ids),
  }),
  route({
    method: 'POST',
    url: '/frontend/message/read_all',
    access: ACCESS,
    denied: DENIED,
    summary: '全部标记已读（可限一种消息类型）',
    body: MessageReadAllBody,
    handler: ({ body, session, deps }) => markAllRead(deps, readerOf(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/message/unread_count',
    access: ACCESS,
    denied: DENIED,
    summary: '未读消息数（总数及按类型，顶栏铃铛角标）',
    readOnly: true,
    handler: ({ session, deps }) => unreadCount(deps, readerOf(session)),
  }),
  route({
    method: 'POST',
    url: '/frontend/message/delete',
    access: ACCESS,
    denied: DENIED,
    summary: '删除消息（一条或多条，仅本人消息）',
    body: MessageIdsBody,
    handler: ({ body, session, deps }) => deleteMessages(deps, readerOf(session), body.ids),
  }),
];
