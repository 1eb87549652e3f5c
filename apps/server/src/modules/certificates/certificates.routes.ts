import {
  CertificateCreateBody,
  CertificateExportBody,
  CertificateIdBody,
  CertificateListBody,
  CertificatePatentsBody,
  CertificateUpdateBody,
} from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { companyActor } from '../company/company-context';
import {
  createCertificate,
  deleteCertificate,
  exportCertificates,
  getCertificate,
  listCertificates,
  portfolioPatents,
  updateCertificate,
} from './certificates.service';

// Company users (and trial users once linked to a company) manage their company's certificates (ADR 0021).
const ACCESS: ['company', 'trial'] = ['company', 'trial'];

export const certificateRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/certificate/index',
    access: ACCESS,
    summary: '证书列表（分页、按类型/状态/关键词/专利筛选、按到期或发证日期排序）',
    body: CertificateListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listCertificates(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/certificate/detail',
    access: ACCESS,
    summary: '证书详情（含附件预览链接）',
    body: CertificateIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => getCertificate(deps, companyActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/certificate/create',
    access: ACCESS,
    summary: '新增证书',
    body: CertificateCreateBody,
    handler: ({ body, session, deps }) => createCertificate(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/certificate/update',
    access: ACCESS,
    summary: '修改证书',
    body: CertificateUpdateBody,
    handler: ({ body: { id, ...input }, session, deps }) => updateCertificate(deps, companyActor(session), id, input),
  }),
  route({
    method: 'POST',
    url: '/frontend/certificate/delete',
    access: ACCESS,
    summary: '删除证书',
    body: CertificateIdBody,
    handler: async ({ body, session, deps }) => {
      await deleteCertificate(deps, companyActor(session), body.id);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/frontend/certificate/export',
    access: ACCESS,
    summary: '导出证书列表（Excel，按当前筛选条件）',
    body: CertificateExportBody,
    handler: ({ body, session, deps }) => exportCertificates(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/certificate/patents',
    access: ACCESS,
    summary: '选择所属专利：搜索本企业专利库中的专利',
    body: CertificatePatentsBody,
    readOnly: true,
    handler: ({ body, session, deps }) => portfolioPatents(deps, companyActor(session), body.keyword, body.limit),
  }),
];
