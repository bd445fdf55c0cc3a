import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** PATCH /api/community/posts/:id/comments/:commentId: the comment's author changes it. */
export function updateComment(input: { postId: string; id: string; body: string }): Promise<CommentDto> {
  return api<CommentDto>(`/community/posts/${seg(input.postId)}/comments/${seg(input.id)}`, {
    method: 'PATCH',
    body: { body: input.body },
  });
}

export function useUpdateComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    networkMode: 'always',
    onSuccess: (_c, input) => qc.invalidateQueries({ queryKey: communityKeys.comments(input.postId) }),
  });
}
