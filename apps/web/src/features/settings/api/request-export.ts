import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountExportDto, AccountExportStateDto } from '@candeia/shared/schemas/account';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/** POST /api/account/export: starts preparing the member's data (one at a time; mailed when ready). */
export function requestExport(): Promise<AccountExportDto> {
  return api<AccountExportDto>('/account/export', { method: 'POST' });
}

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: (row) => qc.setQueryData<AccountExportStateDto>(settingsKeys.export, { export: row }),
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKeys.export }),
  });
}
