import { useMutation } from '@tanstack/react-query';
import type { PortalDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';

/** POST /api/billing/portal: the Stripe Customer Portal, where the card is changed. */
export function openPortal(): Promise<PortalDto> {
  return api<PortalDto>('/billing/portal', { method: 'POST' });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
