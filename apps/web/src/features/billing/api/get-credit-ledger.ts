import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerPageDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { creditsKey } from '../../../lib/queries/balance.ts';

/** Everything about the balance (the ledger included) sits under ['credits'] (lib/queries/balance.ts). */
export const creditLedgerKey = [...creditsKey, 'ledger'] as const;

/** GET /api/credits/ledger?page: every change of the balance, newest first. */
export function getCreditLedger(page: number): Promise<LedgerPageDto> {
  return api<LedgerPageDto>(`/credits/ledger?page=${page}`);
}

export const creditLedgerQuery = (page: number) =>
  queryOptions({
    queryKey: [...creditLedgerKey, page],
    queryFn: () => getCreditLedger(page),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useCreditLedger(page: number, enabled = true) {
  return useQuery({ ...creditLedgerQuery(page), enabled });
}
