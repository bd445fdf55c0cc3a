import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { FeedName } from './get-feed.ts';
import { communityKeys } from './keys.ts';

/** How often the feed asks whether newer posts arrived (the "novas publicações" pill). */
export const NEW_POSTS_POLL_MS = 30_000;

/** GET /api/community/feed/new: how many posts are newer than the newest one on screen. */
export function getNewCount(feed: FeedName, after: string): Promise<{ count: number }> {
  return api<{ count: number }>(`/community/feed/new?feed=${feed}&after=${after}`);
}

export function useNewCount(feed: FeedName, after: string | undefined) {
  return useQuery({
    queryKey: communityKeys.newCount(feed, after ?? ''),
    queryFn: () => getNewCount(feed, after!),
    enabled: !!after,
    refetchInterval: NEW_POSTS_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
