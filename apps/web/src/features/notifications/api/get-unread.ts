import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { NotificationEvent, UnreadDto } from '@candeia/shared/schemas/notifications';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** How often the bell asks its count while the server's stream is not open (it is, nearly always). */
export const UNREAD_POLL_MS = 60_000;

/** GET /api/notifications/unread. */
export function getUnread(): Promise<UnreadDto> {
  return api<UnreadDto>('/notifications/unread');
}

/**
 * The bell's stream (`/api/notifications/events`, server-sent events): each count the server
 * sends replaces the bell's, and a changed count refreshes the list. Whether it is open; the
 * browser reconnects by itself after a drop, and polling covers the time it is down.
 */
function useUnreadEvents(enabled: boolean): boolean {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/events');
    source.onopen = () => setOpen(true);
    source.onerror = () => setOpen(false);
    source.addEventListener('count', (e) => {
      const { unread } = JSON.parse((e as MessageEvent<string>).data) as NotificationEvent;
      const before = qc.getQueryData<UnreadDto>(notificationKeys.unread)?.unread;
      qc.setQueryData<UnreadDto>(notificationKeys.unread, { unread });
      if (before !== undefined && before !== unread) void qc.invalidateQueries({ queryKey: notificationKeys.list });
    });
    return () => {
      source.close();
      setOpen(false);
    };
  }, [enabled, qc]);
  return open;
}

/** The member's unread count, live. */
export function useUnreadCount(enabled: boolean) {
  const live = useUnreadEvents(enabled);
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: getUnread,
    enabled,
    refetchInterval: live ? false : UNREAD_POLL_MS,
    retry: false,
  });
}
