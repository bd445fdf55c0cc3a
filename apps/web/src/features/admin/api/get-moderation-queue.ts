import { useQuery } from '@tanstack/react-query';
import type { ModerationQueueDto } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** GET /api/admin/community/queue: reported posts and comments (reports grouped) and held posts, oldest first. */
export function getModerationQueue(): Promise<ModerationQueueDto> {
  return api<ModerationQueueDto>('/admin/community/queue');
}

export function useModerationQueue() {
  return useQuery({ queryKey: moderationKeys.queue, queryFn: getModerationQueue });
}
