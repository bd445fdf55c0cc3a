import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { seg } from './keys.ts';
import { replacePost } from './post-cache.ts';

/** PUT /api/community/posts/:id/reaction: the reader's "Amém", on or off. */
export function setReaction(input: { id: string; on: boolean }): Promise<PostDto> {
  return api<PostDto>(`/community/posts/${seg(input.id)}/reaction`, { method: 'PUT', body: { on: input.on } });
}

export function useSetReaction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setReaction, networkMode: 'always', onSuccess: (post) => replacePost(qc, post) });
}
