import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardDto, DashboardRange } from '@candeia/shared/schemas/dashboard';
import { api } from '../../../lib/api.ts';
import { queryString } from './query-string.ts';

/** The reader's time zone: a day of the dashboard is midnight to midnight there. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** GET /api/admin/dashboard: what happened each day of the range. */
export function getDashboard(days: DashboardRange, tz: string): Promise<DashboardDto> {
  return api<DashboardDto>(`/admin/dashboard${queryString({ days, tz })}`);
}

export function useDashboard(days: DashboardRange) {
  const tz = readerTimeZone();
  return useQuery({
    queryKey: ['admin', 'dashboard', days, tz],
    queryFn: () => getDashboard(days, tz),
    placeholderData: keepPreviousData,
  });
}
