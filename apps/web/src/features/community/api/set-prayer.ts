import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { seg } from './keys.ts';
import { replacePost } from './post-cache.ts';

/** PUT /api/community/posts/:id/prayer: "Orei por você" on someone's prayer request, on or off. */
export function setPrayer(input: { id: string; on: boolean }): Promise<PostDto> {
  return api<PostDto>(`/community/posts/${seg(input.id)}/prayer`, { method: 'PUT', body: { on: input.on } });
}

export function useSetPrayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setPrayer, networkMode: 'always', onSuccess: (post) => replacePost(qc, post) });
}
