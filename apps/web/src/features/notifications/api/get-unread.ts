import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
 * The bell's stream (`/api/notifications/events`, server-sent events), one per tab however many
 * bells are mounted (the phone's and the wide screen's): each count the server sends replaces the
 * bell's, and a changed count refreshes the list. The browser reconnects by itself after a drop.
 */
let stream: { source: EventSource; users: number; open: boolean; watchers: Set<(open: boolean) => void> } | null = null;

function openStream(qc: QueryClient) {
  const source = new EventSource('/api/notifications/events');
  const s = { source, users: 0, open: false, watchers: new Set<(open: boolean) => void>() };
  const tell = (open: boolean) => {
    s.open = open;
    for (const w of s.watchers) w(open);
  };
  source.onopen = () => tell(true);
  source.onerror = () => tell(false);
  source.addEventListener('count', (e) => {
    const { unread } = JSON.parse((e as MessageEvent<string>).data) as NotificationEvent;
    void (async () => {
      // The stream's count is the newest: a fetch of the count still under way (begun before
      // this change) must not land after it with the older number.
      await qc.cancelQueries({ queryKey: notificationKeys.unread });
      const before = qc.getQueryData<UnreadDto>(notificationKeys.unread)?.unread;
      qc.setQueryData<UnreadDto>(notificationKeys.unread, { unread });
      if (before !== undefined && before !== unread) void qc.invalidateQueries({ queryKey: notificationKeys.list });
    })();
  });
  return s;
}

/** Whether the tab's stream is open (opened with the first bell, closed with the last). */
function useUnreadEvents(enabled: boolean): boolean {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    stream ??= openStream(qc);
    const s = stream;
    s.users += 1;
    s.watchers.add(setOpen);
    setOpen(s.open);
    return () => {
      s.watchers.delete(setOpen);
      s.users -= 1;
      if (s.users === 0) {
        s.source.close();
        if (stream === s) stream = null;
      }
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
