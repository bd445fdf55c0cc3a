import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountExportStateDto } from '@candeia/shared/schemas/account';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/** How often the page asks again while the file is being prepared. */
const PREPARING_POLL_MS = 3000;

/** GET /api/account/export: the member's latest data export and where it stands. */
export function getExport(): Promise<AccountExportStateDto> {
  return api<AccountExportStateDto>('/account/export');
}

/** The address of a ready export's zip (a plain link: the browser downloads it with the session cookie). */
export const exportDownloadUrl = (exportId: string) => `/api/account/exports/${encodeURIComponent(exportId)}/download`;

export const exportQuery = () =>
  queryOptions({
    queryKey: settingsKeys.export,
    queryFn: getExport,
    refetchInterval: (q) => (q.state.data?.export?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });

export function useAccountExport() {
  return useQuery(exportQuery());
}
