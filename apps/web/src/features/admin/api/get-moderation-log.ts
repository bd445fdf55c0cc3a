import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationLogPage } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';
import { queryString } from './query-string.ts';

export interface ModerationLogQuery {
  page: number;
  pageSize: number;
}

/** GET /api/admin/community/log: what the administrators did (who, what, to what, why, when), newest first. */
export function getModerationLog(q: ModerationLogQuery): Promise<ModerationLogPage> {
  return api<ModerationLogPage>(`/admin/community/log${queryString({ ...q })}`);
}

export const moderationLogQuery = (q: ModerationLogQuery) =>
  queryOptions({
    queryKey: [...moderationKeys.log, q],
    queryFn: () => getModerationLog(q),
    placeholderData: keepPreviousData,
  });

export function useModerationLog(q: ModerationLogQuery) {
  return useQuery(moderationLogQuery(q));
}
