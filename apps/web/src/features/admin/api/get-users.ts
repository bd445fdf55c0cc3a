import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserRow, Page } from '@candeia/shared/schemas/admin';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

export interface UsersQuery {
  q?: string;
  page: number;
  pageSize: number;
}
export const adminUsersKey = ['admin', 'users'] as const;

/** GET /api/admin/users: search by e-mail or name, newest first. */
export function getUsers(q: UsersQuery): Promise<Page<AdminUserRow>> {
  return api<Page<AdminUserRow>>(`/admin/users${queryString({ ...q })}`);
}

export const usersQuery = (q: UsersQuery) =>
  queryOptions({ queryKey: [...adminUsersKey, q], queryFn: () => getUsers(q), placeholderData: keepPreviousData });

export function useAdminUsers(q: UsersQuery) {
  return useQuery(usersQuery(q));
}
