import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ConsultAdminListBody,
  ConsultAskBody,
  ConsultList,
  ConsultListBody,
  ConsultReplyBody,
  ConsultThread,
} from '@ip/contract';
import { post } from '../../api/http';

// Business consulting (issue 14, ADR 0046): the company's calls (/v1/frontend/ask/…) and the administrator's (/v1/consult/…).

export const CONSULT_KEY = ['consulting'] as const;

/** POST /v1/frontend/ask/index: the company's own questions. */
export const myQuestionsQuery = (body: ConsultListBody) =>
  queryOptions({
    queryKey: [...CONSULT_KEY, 'mine', body],
    queryFn: () => post<ConsultList>('/v1/frontend/ask/index', body, { background: true }),
    placeholderData: keepPreviousData,
  });
/** POST /v1/consult/index: every company's questions (administrator). */
export const allQuestionsQuery = (body: ConsultAdminListBody) =>
  queryOptions({
    queryKey: [...CONSULT_KEY, 'all', body],
    queryFn: () => post<ConsultList>('/v1/consult/index', body, { background: true }),
    placeholderData: keepPreviousData,
  });
/** The thread of a question: the company's (/v1/frontend/ask/detail) or the administrator's view (/v1/consult/detail). */
export const threadQuery = (id: number, admin: boolean) =>
  queryOptions({
    queryKey: [...CONSULT_KEY, 'thread', admin ? 'admin' : 'mine', id],
    queryFn: () => post<ConsultThread>(admin ? '/v1/consult/detail' : '/v1/frontend/ask/detail', { id }),
  });

export const askCall = (body: ConsultAskBody) => post<ConsultThread>('/v1/frontend/ask/content', body);
export const followUpCall = (body: ConsultReplyBody) => post<ConsultThread>('/v1/frontend/ask/reply', body);
export const adminReplyCall = (body: ConsultReplyBody) => post<ConsultThread>('/v1/consult/reply', body);
export const closeCall = (id: number) => post<ConsultThread>('/v1/consult/close', { id });
export const publicCall = (id: number, pub: boolean) => post<ConsultThread>('/v1/consult/public', { id, public: pub });

export const refreshConsulting = (client: QueryClient) => client.invalidateQueries({ queryKey: CONSULT_KEY });
