import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';
import { replacePost } from './post-cache.ts';

/** PATCH /api/community/posts/:id: the author changes the text. */
export function updatePost(input: { id: string; body: string }): Promise<PostDto> {
  return api<PostDto>(`/community/posts/${seg(input.id)}`, { method: 'PATCH', body: { body: input.body } });
}

export function useUpdatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    networkMode: 'always',
    onSuccess: (post) => {
      replacePost(qc, post);
      qc.setQueryData(communityKeys.post(post.id), post);
    },
  });
}
