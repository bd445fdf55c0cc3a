import { useQuery } from '@tanstack/react-query';
import type { AuthorDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

export type FollowListName = 'followers' | 'following';

/** GET /api/community/members/:handle/followers (or /following). */
export function getFollows(handle: string, which: FollowListName): Promise<{ items: AuthorDto[] }> {
  return api<{ items: AuthorDto[] }>(`/community/members/${seg(handle)}/${which}`);
}

export function useFollows(handle: string, which: FollowListName | null) {
  return useQuery({
    queryKey: communityKeys.follows(handle, which ?? ''),
    queryFn: () => getFollows(handle, which!),
    enabled: !!which,
    retry: false,
  });
}
