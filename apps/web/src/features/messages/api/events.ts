import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MessageEvent as MessagesEvent, MessagesUnreadDto } from '@candeia/shared/schemas/messages';
import { api } from '../../../lib/api.ts';
import { messageKeys } from './keys.ts';

/** How often the count is asked while the server's stream is not open (it is, nearly always). */
export const UNREAD_POLL_MS = 60_000;

/** GET /api/messages/unread: conversations with a message not read yet. */
export function getUnread(): Promise<MessagesUnreadDto> {
  return api<MessagesUnreadDto>('/messages/unread');
}

/**
 * The tab's messages stream (`/api/messages/events`, server-sent events), one per tab however
 * many parts of a messages screen follow it (the list, the open conversation), and only while
 * one is on view: every page holds the bell's stream already, and a browser keeps six
 * connections per server over HTTP/1.1, so a few tabs with two streams each would leave none
 * for anything else. The server's count replaces the cached one; a change in a conversation
 * refreshes what shows it. The browser reconnects by itself after a drop.
 */
let stream: { source: EventSource; users: number } | null = null;
let streamOpen = false;
const openWatchers = new Set<(open: boolean) => void>();

function tell(open: boolean) {
  streamOpen = open;
  for (const w of openWatchers) w(open);
}

function apply(qc: QueryClient, e: MessagesEvent) {
  if (e.type === 'count') {
    void (async () => {
      // The stream's count is the newest: a fetch of it still under way must not land after it.
      await qc.cancelQueries({ queryKey: messageKeys.unread });
      qc.setQueryData<MessagesUnreadDto>(messageKeys.unread, { unread: e.unread });
    })();
    return;
  }
  if (e.type === 'resync') {
    void qc.invalidateQueries({ queryKey: messageKeys.all });
    return;
  }
  void qc.invalidateQueries({ queryKey: messageKeys.conversation(e.conversationId) });
  void qc.invalidateQueries({ queryKey: messageKeys.list });
  if (e.kind !== 'read') void qc.invalidateQueries({ queryKey: messageKeys.thread(e.conversationId) });
}

function openStream(qc: QueryClient) {
  const source = new EventSource('/api/messages/events');
  source.onopen = () => tell(true);
  source.onerror = () => tell(false);
  for (const type of ['count', 'conversation', 'resync'] as const)
    source.addEventListener(type, (e) => apply(qc, JSON.parse((e as MessageEvent<string>).data) as MessagesEvent));
  return { source, users: 0 };
}

/** Follows the tab's stream while mounted (a messages screen): opened with the first, closed with the last. */
export function useMessageEvents(enabled = true): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    stream ??= openStream(qc);
    const s = stream;
    s.users += 1;
    return () => {
      s.users -= 1;
      if (s.users === 0) {
        s.source.close();
        if (stream === s) stream = null;
        tell(false);
      }
    };
  }, [enabled, qc]);
}

/** Whether the tab's stream is open now (without opening it). */
function useStreamOpen(): boolean {
  const [open, setOpen] = useState(streamOpen);
  useEffect(() => {
    openWatchers.add(setOpen);
    setOpen(streamOpen);
    return () => {
      openWatchers.delete(setOpen);
    };
  }, []);
  return open;
}

/**
 * Conversations with unread messages: live while a messages screen holds the stream, asked
 * every minute (and when the tab comes back) otherwise. A new message also rings the bell,
 * whose stream is always open.
 */
export function useMessagesUnread(enabled = true) {
  const live = useStreamOpen();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: getUnread,
    enabled,
    refetchInterval: live ? false : UNREAD_POLL_MS,
    refetchOnWindowFocus: !live,
    retry: false,
  });
}
