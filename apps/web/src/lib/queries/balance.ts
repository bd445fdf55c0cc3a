import type { QueryClient } from '@tanstack/react-query';

/**
 * Keys of what shows the credit balance, shared because several features change it: the
 * subscription state (the header's balance reads it) and everything under ['credits'] (the
 * ledger). The billing feature owns the queries; a feature that spends credits (the chat)
 * refreshes them with `invalidateBalance` after spending.
 */
export const subscriptionKey = ['subscription'] as const;
export const creditsKey = ['credits'] as const;

/** After credits were spent: the header balance, the subscription screen and the ledger refetch. */
export function invalidateBalance(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: subscriptionKey }),
    qc.invalidateQueries({ queryKey: creditsKey }),
  ]);
}
