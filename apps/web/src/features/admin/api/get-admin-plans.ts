import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanDto } from '@candeia/shared/schemas/subscription';
import { api } from '../../../lib/api.ts';

/** A plan as the admin sees it: every plan, with its Stripe price id when the API sends it. */
export type AdminPlan = PlanDto & { stripePriceId?: string | null };

export const adminPlansKey = ['admin', 'plans'] as const;

/** GET /api/admin/plans: every plan, active or not, public or not. */
export function getAdminPlans(): Promise<AdminPlan[]> {
  return api<AdminPlan[]>('/admin/plans');
}

export const adminPlansQuery = () => queryOptions({ queryKey: adminPlansKey, queryFn: getAdminPlans });

export function useAdminPlans() {
  return useQuery(adminPlansQuery());
}
