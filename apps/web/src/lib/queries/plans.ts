import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanDto } from '@candeia/shared/schemas/subscription';
import { api } from '../api.ts';

/** The live public catalogue (active and public plans, cheapest first). */
export const plansQuery = () =>
  queryOptions({ queryKey: ['plans'], queryFn: () => api<PlanDto[]>('/plans'), staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQuery());
}
