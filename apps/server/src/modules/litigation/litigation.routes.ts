import {
  LitigationDetailBody,
  LitigationDownloadBody,
  LitigationFollowBody,
  LitigationIndexBody,
  LitigationSearchBody,
  type LitigationFollowReply,
} from '@ip/contract';
import { writeTransaction } from '../../db/write';
import { notFound } from '../../http/errors';
import { route, type RouteRegistry } from '../../http/routes';
import { contentDisposition } from '../common/file.routes';
import { companyActor } from '../company/company-context';
import { caseExists, listCompanyCases, setFollow } from './litigation.repo';
import { judgmentFile, litigationDetail, searchLitigation, viewerOf } from './litigation.service';

// The spec's paths keep its spelling: /v1/frontend/Iitigation/… with a capital I (ARCHITECTURE rule 1, ADR 0023).
const BASE = '/frontend/Iitigation';

export const litigationRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: `${BASE}/index`,
    access: ['company', 'trial'],
    summary: '本企业的诉讼案件：已收藏的和本企业为当事人的（分页、筛选、排序）',
    body: LitigationIndexBody,
    readOnly: true,
    handler: async ({ body, session, deps }) => listCompanyCases(deps.db, companyActor(session).companyId, body),
  }),
  route({
    method: 'POST',
    url: `${BASE}/search`,
    access: ['company', 'trial'],
    summary: '诉讼检索：按当事人、案号、涉案专利号或裁判文书全文精确查找（分页、排序）',
    body: LitigationSearchBody,
    readOnly: true,
    handler: async ({ body, session, deps }) => searchLitigation(deps.db, body, await viewerOf(deps.db, session)),
  }),
  route({
    method: 'POST',
    url: `${BASE}/detail`,
    access: ['company', 'trial'],
    summary: '诉讼案件详情：当事人、涉案专利、裁判文书、诉讼文书',
    body: LitigationDetailBody,
    readOnly: true,
    handler: async ({ body, session, deps }) =>
      litigationDetail(
        deps.db,
        body.id,
        await viewerOf(deps.db, session),
        session?.subject === 'user' && session.kind === 'company',
      ),
  }),
  route({
    method: 'POST',
    url: `${BASE}/shoucang`,
    access: ['company', 'trial'],
    summary: '收藏或取消收藏诉讼案件（重复操作不改变结果）',
    body: LitigationFollowBody,
    handler: async ({ body, session, deps }): Promise<LitigationFollowReply> => {
      const actor = companyActor(session);
      const now = deps.clock().toISOString();
      const changed = await writeTransaction(deps.db, { what: 'litigation follow' }, async (trx) => {
        if (!(await caseExists(trx, body.id))) throw notFound('案件不存在或已删除');
        return setFollow(trx, actor.companyId, actor.userId, body.id, body.follow, now);
      });
      return { id: body.id, followed: body.follow, changed };
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/download`,
    // DOMAIN §1: a trial user reads but does not download full texts until verified.
    access: ['company'],
    denied: '仅已认证的企业用户可以下载裁判文书（试用账号请先到个人中心完成企业认证）',
    summary: '下载裁判文书（Word 文件，含案件信息）',
    body: LitigationDownloadBody,
    readOnly: true,
    answers: 'file',
    handler: async ({ body, reply, deps }) => {
      const file = await judgmentFile(deps.db, body.id, body.document);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header('content-length', file.data.length)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  }),
];
