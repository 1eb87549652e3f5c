import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CertificateCreateBody,
  CertificateDetail,
  CertificateExportBody,
  CertificateList,
  CertificateListBody,
  CertificatePatent,
  CertificateUpdateBody,
  RecordExport,
} from '@ip/contract';
import { post } from '../../api/http';

const BASE = '/v1/frontend/certificate';

/** POST /v1/frontend/certificate/index: one page of the company's certificates and the counts by status. */
export const certificateListQuery = (params: CertificateListBody) =>
  queryOptions({
    queryKey: ['certificates', 'list', params],
    queryFn: () => post<CertificateList>(`${BASE}/index`, params, { background: true }),
    placeholderData: keepPreviousData,
  });

/** POST /v1/frontend/certificate/detail: one certificate with its attachments (signed links, minutes). */
export const certificateDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['certificates', 'detail', id],
    queryFn: () => post<CertificateDetail>(`${BASE}/detail`, { id }),
    // The links are signed for minutes: fetch again each time a certificate is opened.
    staleTime: 0,
    gcTime: 0,
  });

/** POST /v1/frontend/certificate/patents: the company's portfolio patents for the form's picker. */
export const certificatePatentsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['certificates', 'patents', keyword],
    queryFn: () => post<CertificatePatent[]>(`${BASE}/patents`, keyword ? { keyword } : {}, { background: true }),
  });

export const createCertificateCall = (body: CertificateCreateBody) => post<CertificateDetail>(`${BASE}/create`, body);
export const updateCertificateCall = (body: CertificateUpdateBody) => post<CertificateDetail>(`${BASE}/update`, body);
export const deleteCertificateCall = (id: number) => post<null>(`${BASE}/delete`, { id });
export const exportCertificatesCall = (body: CertificateExportBody) => post<RecordExport>(`${BASE}/export`, body);
