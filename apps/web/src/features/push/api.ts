import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PushList, PushRow, PushSendBody, PushTargets } from '@ip/contract';
import { get, post } from '../../api/http';

// The administrator's message push (issue 14, ADR 0046): GET/POST /v1/compnay/push (the spec's spelling).

export const PUSH_KEY = ['push'] as const;
export const pushListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...PUSH_KEY, 'list', page, pageSize],
    queryFn: () => get<PushList>('/v1/compnay/push', { page, page_size: pageSize }, { background: true }),
    placeholderData: keepPreviousData,
  });
export const pushTargetsQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...PUSH_KEY, 'targets', keyword],
    queryFn: () => post<PushTargets>('/v1/compnay/push/targets', keyword ? { keyword } : {}, { background: true }),
    placeholderData: keepPreviousData,
  });
export const sendPushCall = (body: PushSendBody) => post<PushRow>('/v1/compnay/push', body);
