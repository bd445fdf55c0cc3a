import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FeedPageDto, PostDto } from '@candeia/shared/schemas/community';
import { communityKeys } from './keys.ts';

/** Puts a changed post (a reaction, a prayer, an edit) in every feed page and its own query. */
export function replacePost(qc: QueryClient, post: PostDto): void {
  qc.setQueriesData<InfiniteData<FeedPageDto>>({ queryKey: communityKeys.feeds }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === post.id ? post : i)) })),
        }
      : data,
  );
  qc.setQueryData(communityKeys.post(post.id), post);
}
