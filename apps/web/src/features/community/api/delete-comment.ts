import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** DELETE /api/community/posts/:id/comments/:commentId: by its author or the post's author. */
export function deleteComment(input: { postId: string; id: string }): Promise<void> {
  return api<void>(`/community/posts/${seg(input.postId)}/comments/${seg(input.id)}`, { method: 'DELETE' });
}

export function useDeleteComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    networkMode: 'always',
    onSuccess: (_r, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.comments(input.postId) }),
        qc.invalidateQueries({ queryKey: communityKeys.post(input.postId) }),
        qc.invalidateQueries({ queryKey: communityKeys.feeds }),
      ]),
  });
}
