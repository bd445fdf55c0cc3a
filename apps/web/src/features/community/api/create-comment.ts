import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** POST /api/community/posts/:id/comments: adds the reader's comment. */
export function createComment(input: { postId: string; body: string }): Promise<CommentDto> {
  return api<CommentDto>(`/community/posts/${seg(input.postId)}/comments`, {
    method: 'POST',
    body: { body: input.body },
  });
}

export function useCreateComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    networkMode: 'always',
    onSuccess: (_c, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.comments(input.postId) }),
        qc.invalidateQueries({ queryKey: communityKeys.post(input.postId) }),
        qc.invalidateQueries({ queryKey: communityKeys.feeds }),
      ]),
  });
}
