import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { seg } from './keys.ts';
import { replacePost } from './post-cache.ts';

/** POST /api/community/posts/:id/answered: the author marks the prayer answered, with a testimony. */
export function answerPrayer(input: { id: string; testimony: string }): Promise<PostDto> {
  return api<PostDto>(`/community/posts/${seg(input.id)}/answered`, {
    method: 'POST',
    body: { testimony: input.testimony },
  });
}

export function useAnswerPrayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: answerPrayer, networkMode: 'always', onSuccess: (post) => replacePost(qc, post) });
}
