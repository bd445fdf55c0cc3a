import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import type { FeedName } from './get-feed.ts';
import { communityKeys } from './keys.ts';

/**
 * How often the feed asks whether newer posts arrived (the "novas publicações" pill) when the
 * server's stream is not open; while it is, the count is asked when the server says so.
 */
export const NEW_POSTS_POLL_MS = 30_000;

/** GET /api/community/feed/new: how many posts are newer than the newest one on screen. */
export function getNewCount(feed: FeedName, after: string): Promise<{ count: number }> {
  return api<{ count: number }>(`/community/feed/new?feed=${feed}&after=${after}`);
}

/**
 * The feed's stream (`/api/community/feed/events`, server-sent events): each "post" note makes
 * the count be asked again. Returns whether the stream is open. The browser reconnects by itself
 * after a drop; polling covers the time it is down.
 */
export function useFeedEvents(feed: FeedName, enabled: boolean): boolean {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/community/feed/events?feed=${feed}`);
    source.onopen = () => setOpen(true);
    source.onerror = () => setOpen(false);
    source.addEventListener('post', () => {
      void qc.invalidateQueries({ queryKey: ['community', 'new', feed] });
    });
    return () => {
      source.close();
      setOpen(false);
    };
  }, [feed, enabled, qc]);
  return open;
}

export function useNewCount(feed: FeedName, after: string | undefined) {
  const live = useFeedEvents(feed, !!after);
  return useQuery({
    queryKey: communityKeys.newCount(feed, after ?? ''),
    queryFn: () => getNewCount(feed, after!),
    enabled: !!after,
    refetchInterval: live ? false : NEW_POSTS_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
