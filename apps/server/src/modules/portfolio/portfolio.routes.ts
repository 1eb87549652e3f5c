// The company's patent portfolio (issue 9, ADR 0020). The spec names the calls under /v1/frontend/patent/ (and
// /v1/frontend/user/save) without their payloads; ADR 0020 records how each is read. The list, remove/restore,
// export, info and marks are designed calls in the same style. Set-A callers only; companyActor refuses trial users
// without a company with its Chinese message, and every query is filtered by the session's company.
import { z } from 'zod';
import {
  CategoryCreateBody,
  CategoryDeleteBody,
  CategoryUpdateBody,
  CollectPatentsBody,
  CorePatentsBody,
  CreateNoteBody,
  DefaultCategoryBody,
  DeleteNoteBody,
  InsertPatentsBody,
  MovePatentsBody,
  PortfolioExportBody,
  PortfolioInfoBody,
  PortfolioListBody,
  PortfolioMarksBody,
  PortfolioPatentsBody,
  SavePatentBody,
  UNCATEGORIZED_ID,
} from '@ip/contract';
import { contentDisposition } from '../common/file.routes';
import { companyActor } from '../company/company-context';
import { route, type RouteRegistry } from '../../http/routes';
import type { AccountKind } from '@ip/contract';
import { portfolioWorkbook, XLSX_MIME } from './portfolio.export';
import * as portfolio from './portfolio.service';

/** Who may call the portfolio: set-A accounts; a trial user gets companyActor's 请先认证 refusal. */
const SET_A: AccountKind[] = ['company', 'trial'];
const bit = (v: boolean | 0 | 1): 0 | 1 => (v === true || v === 1 ? 1 : 0);

export const portfolioRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/patent/cate',
    access: SET_A,
    summary: '专利分类树（含各分类、未分类、全部、核心、收藏、已移除的专利数）',
    body: z.object({}).passthrough(),
    readOnly: true,
    handler: ({ session, deps }) => portfolio.categoryTree(deps.db.db, companyActor(session).companyId),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/create',
    access: SET_A,
    summary: '新建专利分类（名称、上级分类、排序；同级不能重名）',
    body: CategoryCreateBody,
    handler: ({ body, session, deps }) => portfolio.createCategory(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/update',
    access: SET_A,
    summary: '修改专利分类（重命名、移动到其他上级分类、调整排序）',
    body: CategoryUpdateBody,
    handler: ({ body, session, deps }) => portfolio.updateCategory(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/delete',
    access: SET_A,
    summary: '删除专利分类及其子分类，其中的专利移到未分类',
    body: CategoryDeleteBody,
    handler: ({ body, session, deps }) => portfolio.deleteCategory(deps, companyActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/default_cate',
    access: SET_A,
    summary: '默认分类（未分类）：专利数；带 patent_ids 时把这些专利移回未分类',
    body: DefaultCategoryBody,
    handler: async ({ body, session, deps }) => {
      const actor = companyActor(session);
      if (body.patent_ids) await portfolio.movePatents(deps, actor, body.patent_ids, UNCATEGORIZED_ID);
      return portfolio.defaultCategory(deps.db.db, actor.companyId);
    },
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/update-patent-category',
    access: SET_A,
    summary: '把一件或多件专利移到某个分类（0 为未分类）',
    body: MovePatentsBody,
    handler: ({ body, session, deps }) => portfolio.movePatents(deps, companyActor(session), body.patent_ids, body.category_id),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/core',
    access: SET_A,
    summary: '标记或取消核心专利（可批量）',
    body: CorePatentsBody,
    handler: ({ body, session, deps }) => portfolio.setCore(deps, companyActor(session), body.patent_ids, bit(body.is_core)),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/collage',
    access: SET_A,
    summary: '收藏或取消收藏专利（本企业的或其他任何专利，可批量）',
    body: CollectPatentsBody,
    handler: ({ body, session, deps }) =>
      portfolio.setCollected(deps, companyActor(session), body.patent_ids, bit(body.collected)),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/insert',
    access: SET_A,
    summary: '按申请号或公开号添加专利到专利库（可多行粘贴，逐行报告结果）',
    body: InsertPatentsBody,
    handler: ({ body, session, deps }) => portfolio.insertNumbers(deps, companyActor(session), body.numbers, body.category_id),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/create-yan',
    access: SET_A,
    summary: '新增专利研判记录',
    body: CreateNoteBody,
    handler: ({ body, session, deps }) => {
      const actor = companyActor(session);
      const author = session?.subject === 'user' ? session.user.name || session.user.mobile : '';
      return portfolio.createNote(deps, actor, author, body.patent_id, body.content);
    },
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/del_yan',
    access: SET_A,
    summary: '删除专利研判记录',
    body: DeleteNoteBody,
    handler: ({ body, session, deps }) => portfolio.deleteNote(deps, companyActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/user/save',
    access: SET_A,
    summary: '加入专利库：把检索到的专利加入本企业专利库（可选分类）',
    body: SavePatentBody,
    handler: ({ body, session, deps }) => portfolio.savePatent(deps, companyActor(session), body.patent_id, body.category_id),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/list',
    access: SET_A,
    summary: '专利库列表（分页、分类与条件筛选、排序）',
    body: PortfolioListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => portfolio.listPortfolio(deps.db, companyActor(session).companyId, body),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/remove',
    access: SET_A,
    summary: '把专利移出专利库（可恢复，不删除专利数据）',
    body: PortfolioPatentsBody,
    handler: ({ body, session, deps }) => portfolio.removePatents(deps, companyActor(session), body.patent_ids, false),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/restore',
    access: SET_A,
    summary: '把已移除的专利恢复到专利库',
    body: PortfolioPatentsBody,
    handler: ({ body, session, deps }) => portfolio.removePatents(deps, companyActor(session), body.patent_ids, true),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/export',
    access: SET_A,
    summary: '导出专利库列表到 Excel（按当前筛选，最多 5000 件）',
    body: PortfolioExportBody,
    readOnly: true,
    answers: 'file',
    handler: async ({ body, session, deps, reply }) => {
      const actor = companyActor(session);
      const rows = await portfolio.exportRows(deps.db, actor.companyId, body);
      const file = await portfolioWorkbook(rows);
      const day = deps.clock().toISOString().slice(0, 10).replace(/-/g, '');
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', contentDisposition('attachment', `专利库_${day}.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/info',
    access: SET_A,
    summary: '本企业视角的专利信息（分类、核心、收藏、研判）',
    body: PortfolioInfoBody,
    readOnly: true,
    handler: ({ body, session, deps }) => portfolio.portfolioInfo(deps.db.db, companyActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/patent/marks',
    access: SET_A,
    summary: '检索结果中哪些专利已在本企业专利库、已收藏',
    body: PortfolioMarksBody,
    readOnly: true,
    handler: ({ body, session, deps }) => portfolio.portfolioMarks(deps.db.db, companyActor(session).companyId, body.patent_ids),
  }),
];
