import { useMutation } from '@tanstack/react-query';
import type { CheckoutDto, DonationInput } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';

/** POST /api/donations (public): a checkout session for a donation of any valid amount. */
export function createDonation(input: DonationInput): Promise<CheckoutDto> {
  return api<CheckoutDto>('/donations', { method: 'POST', body: input });
}

export function useCreateDonation() {
  return useMutation({ mutationFn: createDonation });
}
