import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LocalPayDto, LocalPayInput } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { checkoutSessionKey } from './get-checkout-session.ts';

/** POST /api/billing/local/pay: the local provider's card form (/testes-stripe). */
export function localPay(input: LocalPayInput): Promise<LocalPayDto> {
  return api<LocalPayDto>('/billing/local/pay', { method: 'POST', body: input });
}

export function useLocalPay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: localPay,
    // A refusal (a session already paid or expired, say) may have changed the session: read it again.
    onError: (_e, input) => qc.invalidateQueries({ queryKey: checkoutSessionKey(input.sessionId) }),
  });
}
