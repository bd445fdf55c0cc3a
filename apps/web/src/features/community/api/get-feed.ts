import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPageDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys } from './keys.ts';

export type FeedName = 'following' | 'discover';

/** GET /api/community/feed: a page of Seguindo or Descobrir, newest first; `before` is the cursor. */
export function getFeed(feed: FeedName, before: string | null): Promise<FeedPageDto> {
  return api<FeedPageDto>(`/community/feed?feed=${feed}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
}

export function useFeed(feed: FeedName) {
  return useInfiniteQuery({
    queryKey: communityKeys.feed(feed),
    queryFn: ({ pageParam }) => getFeed(feed, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    retry: false,
  });
}
