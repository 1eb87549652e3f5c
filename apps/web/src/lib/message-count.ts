import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MessageUnreadCount } from '@ip/contract';
import { post } from '../api/http';

// The unread count of the message centre (ADR 0028), shared by the top bar's bell and the message pages.

/** How often the bell asks for the unread count while a page stays open (no tight polling). */
export const UNREAD_REFRESH_MS = 60_000;

/** POST /v1/frontend/message/unread_count: the bell's badge and the tabs' counts. Quiet: the bell never toasts. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: ['messages', 'unread'],
    queryFn: () => post<MessageUnreadCount>('/v1/frontend/message/unread_count', {}, { background: true, silent: true }),
    staleTime: 10_000,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

/** After a message is read, marked or deleted: the lists, the tabs' counts and the bell follow at once. */
export function refreshMessages(client: QueryClient, exceptDetail?: number) {
  return client.invalidateQueries({
    predicate: (q) => q.queryKey[0] === 'messages' && !(q.queryKey[1] === 'detail' && q.queryKey[2] === exceptDetail),
  });
}
