import { useQuery } from '@tanstack/react-query';
import type { SuspensionDto } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** GET /api/admin/community/suspensions: the suspensions running now. */
export function getSuspensions(): Promise<{ items: SuspensionDto[] }> {
  return api<{ items: SuspensionDto[] }>('/admin/community/suspensions');
}

export function useSuspensions() {
  return useQuery({ queryKey: moderationKeys.suspensions, queryFn: getSuspensions });
}
