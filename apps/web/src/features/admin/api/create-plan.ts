import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanInput } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { adminPlansKey, type AdminPlan } from './get-admin-plans.ts';

/** POST /api/admin/plans: a new plan. */
export function createPlan(input: PlanInput): Promise<AdminPlan> {
  return api<AdminPlan>('/admin/plans', { method: 'POST', body: input });
}

export function useCreatePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    // The public catalogue (landing, /subscription) reads the plans too.
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminPlansKey }), qc.invalidateQueries({ queryKey: ['plans'] })]),
  });
}
