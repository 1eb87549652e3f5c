import {
  ConsultAdminListBody,
  ConsultAskBody,
  ConsultIdBody,
  ConsultListBody,
  ConsultPublicBody,
  ConsultPublicListBody,
  ConsultReplyBody,
} from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { companyActor } from '../company/company-context';
import {
  publicQas,
  adminReply,
  askQuestion,
  closeQuestion,
  companyReply,
  listQuestions,
  questionThread,
  setPublic,
} from './consulting.service';

// Business consulting (ADR 0046). The spec names one call, /v1/frontend/ask/content: read as the company's question
// submit. The others are ours: the company's list, thread and follow-up under /v1/frontend/ask/…, the
// administrator's list, thread, reply, close and publish under /v1/consult/….
const COMPANY: ['company', 'trial'] = ['company', 'trial'];
const ADMIN: ['admin'] = ['admin'];
const ADMIN_ONLY = '仅管理员可处理企业咨询';

export const consultingRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/ask/public',
    access: 'public',
    summary: '门户咨询问答：管理员公开的问答（不显示企业与提问人）',
    body: ConsultPublicListBody,
    readOnly: true,
    handler: ({ body, deps }) => publicQas(deps, body),
  }),
  route({
    method: 'POST',
    url: '/frontend/ask/content',
    access: COMPANY,
    summary: '业务咨询：企业用户提交咨询（类别、标题、内容、附件）',
    body: ConsultAskBody,
    handler: ({ body, session, deps }) => askQuestion(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/ask/index',
    access: COMPANY,
    summary: '本企业的咨询列表（按状态/类别/日期/关键词筛选、分页）',
    body: ConsultListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listQuestions(deps, companyActor(session).companyId, body),
  }),
  route({
    method: 'POST',
    url: '/frontend/ask/detail',
    access: COMPANY,
    summary: '本企业一条咨询及其回复记录',
    body: ConsultIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => questionThread(deps, body.id, companyActor(session).companyId),
  }),
  route({
    method: 'POST',
    url: '/frontend/ask/reply',
    access: COMPANY,
    summary: '企业追问（咨询重新变为待回复；已关闭的不能追问）',
    body: ConsultReplyBody,
    handler: ({ body, session, deps }) => companyReply(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/consult/index',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '全部企业的咨询列表（按状态/类别/企业/日期/关键词筛选、分页）',
    body: ConsultAdminListBody,
    readOnly: true,
    handler: ({ body, deps }) => listQuestions(deps, null, body),
  }),
  route({
    method: 'POST',
    url: '/consult/detail',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '一条咨询及其回复记录（管理员）',
    body: ConsultIdBody,
    readOnly: true,
    handler: ({ body, deps }) => questionThread(deps, body.id, null),
  }),
  route({
    method: 'POST',
    url: '/consult/reply',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '回复咨询（变为已回复，回复送达企业消息中心）',
    body: ConsultReplyBody,
    handler: ({ body, session, deps }) => adminReply(deps, session!.subject === 'user' ? session!.user.id : 0, body),
  }),
  route({
    method: 'POST',
    url: '/consult/close',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '关闭咨询（通知企业）',
    body: ConsultIdBody,
    handler: ({ body, deps }) => closeQuestion(deps, body.id),
  }),
  route({
    method: 'POST',
    url: '/consult/public',
    access: ADMIN,
    denied: ADMIN_ONLY,
    summary: '设为公开问答（门户“咨询问答”展示）或取消公开',
    body: ConsultPublicBody,
    handler: ({ body, deps }) => setPublic(deps, body.id, body.public),
  }),
];
