import { useQuery } from '@tanstack/react-query';
import type { AdminCounsellorDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';

export const adminCounsellorsKey = ['admin', 'counsellors'] as const;

/** GET /api/admin/counsellors: the members who are counsellors. */
export function getAdminCounsellors(): Promise<{ counsellors: AdminCounsellorDto[] }> {
  return api('/admin/counsellors');
}

export function useAdminCounsellors() {
  return useQuery({ queryKey: adminCounsellorsKey, queryFn: getAdminCounsellors });
}
