import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MessageChange, MessageList, MessageListBody, MessageReadAllBody, MessageRow } from '@ip/contract';
import { post } from '../../api/http';

export { refreshMessages, unreadCountQuery } from '../../lib/message-count';

const BASE = '/v1/frontend/message';

/** POST /v1/frontend/message/index: one page of the user's messages, unread first. */
export const messageListQuery = (params: MessageListBody) =>
  queryOptions({
    queryKey: ['messages', 'list', params],
    queryFn: () => post<MessageList>(`${BASE}/index`, params, { background: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST /v1/frontend/message/detail: one message; the server marks it read. */
export const messageDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['messages', 'detail', id],
    queryFn: () => post<MessageRow>(`${BASE}/detail`, { id }),
    staleTime: 0,
  });

export const markReadCall = (ids: number[]) => post<MessageChange>(`${BASE}/read`, { ids });
export const markAllReadCall = (body: MessageReadAllBody) => post<MessageChange>(`${BASE}/read_all`, body);
export const deleteMessagesCall = (ids: number[]) => post<MessageChange>(`${BASE}/delete`, { ids });
