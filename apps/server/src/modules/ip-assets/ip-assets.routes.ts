import { IpCreateBody, IpExportBody, IpIdBody, IpListBody, IpUpdateBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { companyActor } from '../company/company-context';
import { createIpAsset, deleteIpAsset, exportIpAssets, getIpAsset, listIpAssets, updateIpAsset } from './ip-assets.service';

const ACCESS: ['company', 'trial'] = ['company', 'trial'];

export const ipAssetRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/ip/index',
    access: ACCESS,
    summary: '非专利知识产权列表（商标、作品著作权、软件著作权；分页、筛选、排序）',
    body: IpListBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listIpAssets(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/ip/detail',
    access: ACCESS,
    summary: '非专利知识产权详情（含附件预览链接）',
    body: IpIdBody,
    readOnly: true,
    handler: ({ body, session, deps }) => getIpAsset(deps, companyActor(session), body.id),
  }),
  route({
    method: 'POST',
    url: '/frontend/ip/create',
    access: ACCESS,
    summary: '新增非专利知识产权',
    body: IpCreateBody,
    handler: ({ body, session, deps }) => createIpAsset(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/ip/update',
    access: ACCESS,
    summary: '修改非专利知识产权',
    body: IpUpdateBody,
    handler: ({ body: { id, ...input }, session, deps }) => updateIpAsset(deps, companyActor(session), id, input),
  }),
  route({
    method: 'POST',
    url: '/frontend/ip/delete',
    access: ACCESS,
    summary: '删除非专利知识产权',
    body: IpIdBody,
    handler: async ({ body, session, deps }) => {
      await deleteIpAsset(deps, companyActor(session), body.id);
      return null;
    },
  }),
  route({
    method: 'POST',
    url: '/frontend/ip/export',
    access: ACCESS,
    summary: '导出非专利知识产权列表（Excel，按当前筛选条件）',
    body: IpExportBody,
    handler: ({ body, session, deps }) => exportIpAssets(deps, companyActor(session), body),
  }),
];
