/** Query keys of the community screens; everything under 'community' is cleared at sign-out. */
export const communityKeys = {
  all: ['community'] as const,
  feeds: ['community', 'feed'] as const,
  feed: (feed: 'following' | 'discover') => ['community', 'feed', feed] as const,
  newCount: (feed: string, after: string) => ['community', 'new', feed, after] as const,
  post: (id: string) => ['community', 'post', id] as const,
  comments: (id: string) => ['community', 'comments', id] as const,
  prayers: (id: string) => ['community', 'prayers', id] as const,
  me: ['community', 'me'] as const,
  member: (handle: string) => ['community', 'member', handle] as const,
  memberPosts: (handle: string) => ['community', 'feed', 'member', handle] as const,
  follows: (handle: string, which: string) => ['community', 'follows', handle, which] as const,
  relations: ['community', 'relations'] as const,
};

export const seg = (s: string) => encodeURIComponent(s);
