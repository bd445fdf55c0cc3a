import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxRow, Page } from '@candeia/shared/schemas/admin';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

export interface OutboxQuery {
  page: number;
  pageSize: number;
}
export const outboxKey = ['admin', 'outbox'] as const;

/** GET /api/admin/outbox: the mails kept when no SMTP server is configured. */
export function getOutbox(q: OutboxQuery): Promise<Page<OutboxRow>> {
  return api<Page<OutboxRow>>(`/admin/outbox${queryString({ ...q })}`);
}

export const outboxQuery = (q: OutboxQuery) =>
  queryOptions({ queryKey: [...outboxKey, q], queryFn: () => getOutbox(q), placeholderData: keepPreviousData });

export function useOutbox(q: OutboxQuery) {
  return useQuery(outboxQuery(q));
}
