import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  PortalRequestAdminListBody,
  PortalRequestBody,
  PortalRequestKind,
  PortalRequestList,
  PortalRequestRow,
  PublicQaList,
} from '@ip/contract';
import { post } from '../../api/http';
import { getToken, getVisitorToken } from '../../lib/storage';

// The portal's service pages (ADR 0054): questions, dialogue topics and 马上办 appointments (/v1/portal/request…),
// the published Q&As of business consulting (/v1/frontend/ask/public), the administrator's handling.

/** Who may send from the portal: a logged-in user (their token goes by itself) or a visitor of the SMS login. */
export function portalSender(): 'user' | 'visitor' | null {
  if (getToken()) return 'user';
  return getVisitorToken() ? 'visitor' : null;
}

/** The visitor's token goes only with these calls (http.ts sends it on the field pages alone, ADR 0044). */
const asSender = () => {
  const v = getToken() ? null : getVisitorToken();
  return v ? { headers: { Authorization: `Bearer ${v}` } } : {};
};

export const REQUESTS_KEY = ['portal-requests'] as const;

export const sendRequestCall = (body: PortalRequestBody) => post<PortalRequestRow>('/v1/portal/request', body, asSender());
export const myRequestsQuery = (kind: PortalRequestKind, page: number) =>
  queryOptions({
    queryKey: [...REQUESTS_KEY, 'mine', kind, page],
    queryFn: () =>
      post<PortalRequestList>('/v1/portal/request/mine', { kind, page, page_size: 10 }, { ...asSender(), background: true }),
    placeholderData: keepPreviousData,
  });
export const publicQasQuery = (page: number) =>
  queryOptions({
    queryKey: ['portal', 'qas', page],
    queryFn: () => post<PublicQaList>('/v1/frontend/ask/public', { page, page_size: 10 }, { background: true }),
    placeholderData: keepPreviousData,
  });
export const adminRequestsQuery = (body: PortalRequestAdminListBody) =>
  queryOptions({
    queryKey: [...REQUESTS_KEY, 'admin', body],
    queryFn: () => post<PortalRequestList>('/v1/portal/admin/requests', body, { background: true }),
    placeholderData: keepPreviousData,
  });
export const handleRequestCall = (id: number, reply: string) =>
  post<PortalRequestRow>('/v1/portal/admin/request/handle', { id, reply });
