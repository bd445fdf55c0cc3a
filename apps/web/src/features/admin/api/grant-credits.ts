import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GrantCreditsDto, grantCreditsSchema } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { adminSubscriptionsKey } from './get-admin-subscriptions.ts';

export type GrantCreditsInput = z.input<typeof grantCreditsSchema>;

/** POST /api/admin/credits/grant: adds credits to a user; the idempotency key makes a repeat harmless. */
export function grantCredits(input: GrantCreditsInput): Promise<GrantCreditsDto> {
  return api<GrantCreditsDto>('/admin/credits/grant', { method: 'POST', body: input });
}

export function useGrantCredits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: grantCredits,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminSubscriptionsKey }),
  });
}
