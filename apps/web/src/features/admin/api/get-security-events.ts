import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, SecurityEventRow } from '@candeia/shared/schemas/admin';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

/** The filters of securityEventsQuerySchema; dates are ISO date-times with an offset. */
export interface SecurityEventsQuery {
  type?: string;
  email?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export const securityEventsKey = ['admin', 'security-events'] as const;

/** GET /api/admin/security-events: filtered by type, e-mail and period; newest first. */
export function getSecurityEvents(q: SecurityEventsQuery): Promise<Page<SecurityEventRow>> {
  return api<Page<SecurityEventRow>>(`/admin/security-events${queryString({ ...q })}`);
}

export const securityEventsQuery = (q: SecurityEventsQuery) =>
  queryOptions({
    queryKey: [...securityEventsKey, q],
    queryFn: () => getSecurityEvents(q),
    placeholderData: keepPreviousData,
  });

export function useSecurityEvents(q: SecurityEventsQuery) {
  return useQuery(securityEventsQuery(q));
}
