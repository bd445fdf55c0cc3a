import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxPage } from '@candeia/shared/schemas/admin';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

export interface OutboxQuery {
  page: number;
  pageSize: number;
}
export const outboxKey = ['admin', 'outbox'] as const;

/**
 * GET /api/admin/outbox: every mail the app wrote, and how mail leaves it (`delivery`): through
 * SMTP (a copy with secret links hidden), or not at all (the outbox is the mailbox).
 */
export function getOutbox(q: OutboxQuery): Promise<OutboxPage> {
  return api<OutboxPage>(`/admin/outbox${queryString({ ...q })}`);
}

export const outboxQuery = (q: OutboxQuery) =>
  queryOptions({ queryKey: [...outboxKey, q], queryFn: () => getOutbox(q), placeholderData: keepPreviousData });

export function useOutbox(q: OutboxQuery) {
  return useQuery(outboxQuery(q));
}
