import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPageDto } from '@candeia/shared/schemas/notifications';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications: a page of the member's notifications, newest first. */
export function getNotifications(before: string | null): Promise<NotificationPageDto> {
  return api<NotificationPageDto>(`/notifications${before ? `?before=${encodeURIComponent(before)}` : ''}`);
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    retry: 1,
  });
}
