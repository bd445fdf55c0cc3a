import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FeedPageDto, MemberDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** GET /api/community/members/:handle: a member's page (counts, whether the reader follows). */
export function getMember(handle: string): Promise<MemberDto> {
  return api<MemberDto>(`/community/members/${seg(handle)}`);
}

export function useMember(handle: string) {
  return useQuery({ queryKey: communityKeys.member(handle), queryFn: () => getMember(handle), retry: false });
}

/** GET /api/community/members/:handle/posts: the member's posts, newest first. */
export function getMemberPosts(handle: string, before: string | null): Promise<FeedPageDto> {
  return api<FeedPageDto>(
    `/community/members/${seg(handle)}/posts${before ? `?before=${encodeURIComponent(before)}` : ''}`,
  );
}

/** `enabled` false: not asked (a member the reader blocked has no posts to show). */
export function useMemberPosts(handle: string, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: communityKeys.memberPosts(handle),
    queryFn: ({ pageParam }) => getMemberPosts(handle, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    retry: false,
  });
}
