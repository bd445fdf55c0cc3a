import { useQuery } from '@tanstack/react-query';
import type { CommentDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** GET /api/community/posts/:id/comments: a post's comments, oldest first. */
export function getComments(postId: string): Promise<{ items: CommentDto[] }> {
  return api<{ items: CommentDto[] }>(`/community/posts/${seg(postId)}/comments`);
}

export function useComments(postId: string) {
  return useQuery({
    queryKey: communityKeys.comments(postId),
    queryFn: () => getComments(postId),
    retry: false,
  });
}
