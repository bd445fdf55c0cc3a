import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanInput } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { adminPlansKey, type AdminPlan } from './get-admin-plans.ts';

/** PUT /api/admin/plans/:id: prices, credits, flags, Stripe price id, active and public. */
export function updatePlan({ id, input }: { id: string; input: PlanInput }): Promise<AdminPlan> {
  return api<AdminPlan>(`/admin/plans/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdatePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminPlansKey }), qc.invalidateQueries({ queryKey: ['plans'] })]),
  });
}
