import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@candeia/shared/schemas/admin';
import type { AdminSubscriptionRow } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

export interface AdminSubscriptionsQuery {
  status?: string;
  q?: string;
  page: number;
  pageSize: number;
}
export const adminSubscriptionsKey = ['admin', 'subscriptions'] as const;

/** GET /api/admin/subscriptions: filtered by status, searched by e-mail or name. */
export function getAdminSubscriptions(q: AdminSubscriptionsQuery): Promise<Page<AdminSubscriptionRow>> {
  return api<Page<AdminSubscriptionRow>>(`/admin/subscriptions${queryString({ ...q })}`);
}

export const adminSubscriptionsQuery = (q: AdminSubscriptionsQuery) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, q],
    queryFn: () => getAdminSubscriptions(q),
    placeholderData: keepPreviousData,
  });

export function useAdminSubscriptions(q: AdminSubscriptionsQuery) {
  return useQuery(adminSubscriptionsQuery(q));
}
