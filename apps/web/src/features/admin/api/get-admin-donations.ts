import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@candeia/shared/schemas/admin';
import type { DonationDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

export interface AdminDonationsQuery {
  status?: DonationDto['status'];
  page: number;
  pageSize: number;
}
export const adminDonationsKey = ['admin', 'donations'] as const;

/** GET /api/admin/donations: newest first, filtered by status. */
export function getAdminDonations(q: AdminDonationsQuery): Promise<Page<DonationDto>> {
  return api<Page<DonationDto>>(`/admin/donations${queryString({ ...q })}`);
}

export const adminDonationsQuery = (q: AdminDonationsQuery) =>
  queryOptions({
    queryKey: [...adminDonationsKey, q],
    queryFn: () => getAdminDonations(q),
    placeholderData: keepPreviousData,
  });

export function useAdminDonations(q: AdminDonationsQuery) {
  return useQuery(adminDonationsQuery(q));
}
