import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxFilter, InboxPageDto } from '@candeia/shared/schemas/contact';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

export const inboxKey = ['admin', 'inbox'] as const;

export interface InboxQuery {
  filter: InboxFilter;
  page: number;
  pageSize: number;
}

/** GET /api/admin/inbox: contact messages, newest first, and the unread count. */
export function getInbox(q: InboxQuery): Promise<InboxPageDto> {
  return api<InboxPageDto>(`/admin/inbox${queryString({ ...q })}`);
}

export const inboxQuery = (q: InboxQuery) =>
  queryOptions({ queryKey: [...inboxKey, q], queryFn: () => getInbox(q), placeholderData: keepPreviousData });

export function useInbox(q: InboxQuery) {
  return useQuery(inboxQuery(q));
}

/** The unread count for the tab's label (the smallest page of the inbox, read again every minute). */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...inboxKey, 'unread'],
    queryFn: () => getInbox({ filter: 'all', page: 1, pageSize: 1 }),
    select: (p) => p.unread,
    refetchInterval: 60_000,
  });
}
