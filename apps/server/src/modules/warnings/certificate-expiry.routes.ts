import { CertificateExpireBody, CertificateExpireExportBody } from '@ip/contract';
import { route, type RouteRegistry } from '../../http/routes';
import { companyActor } from '../company/company-context';
import { exportCertificateExpiry, listCertificateExpiry } from './certificate-expiry';

// /certificateExpire (证书到期预警, ADR 0027): company users, sub-accounts included.
export const certificateExpiryRoutes: RouteRegistry = [
  route({
    method: 'POST',
    url: '/frontend/certificate/expire',
    access: ['company', 'trial'],
    summary: '证书到期预警：证书与非专利知识产权按到期日期、提醒档位列出（筛选、排序、分页）',
    body: CertificateExpireBody,
    readOnly: true,
    handler: ({ body, session, deps }) => listCertificateExpiry(deps, companyActor(session), body),
  }),
  route({
    method: 'POST',
    url: '/frontend/certificate/expire-export',
    access: ['company', 'trial'],
    summary: '导出证书到期预警（Excel，按当前筛选条件）',
    body: CertificateExpireExportBody,
    handler: ({ body, session, deps }) => exportCertificateExpiry(deps, companyActor(session), body),
  }),
];
