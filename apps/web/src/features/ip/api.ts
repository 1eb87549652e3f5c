import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { IpCreateBody, IpDetail, IpExportBody, IpList, IpListBody, IpUpdateBody, RecordExport } from '@ip/contract';
import { post } from '../../api/http';

const BASE = '/v1/frontend/ip';

/** POST /v1/frontend/ip/index: one page of the company's trademarks, copyrights and software copyrights. */
export const ipListQuery = (params: IpListBody) =>
  queryOptions({
    queryKey: ['ip-assets', 'list', params],
    queryFn: () => post<IpList>(`${BASE}/index`, params, { background: true }),
    placeholderData: keepPreviousData,
  });

/** POST /v1/frontend/ip/detail: one record with its attachments (signed links, minutes). */
export const ipDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['ip-assets', 'detail', id],
    queryFn: () => post<IpDetail>(`${BASE}/detail`, { id }),
    staleTime: 0,
    gcTime: 0,
  });

export const createIpCall = (body: IpCreateBody) => post<IpDetail>(`${BASE}/create`, body);
export const updateIpCall = (body: IpUpdateBody) => post<IpDetail>(`${BASE}/update`, body);
export const deleteIpCall = (id: number) => post<null>(`${BASE}/delete`, { id });
export const exportIpCall = (body: IpExportBody) => post<RecordExport>(`${BASE}/export`, body);
