import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys } from './keys.ts';

/** POST /api/community/posts: publishes a post (text and/or uploaded photos; a prayer request when `isPrayer`). */
export function createPost(input: { body: string; isPrayer: boolean; mediaIds: string[] }): Promise<PostDto> {
  return api<PostDto>('/community/posts', { method: 'POST', body: input });
}

export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    networkMode: 'always',
    onSuccess: () => qc.invalidateQueries({ queryKey: communityKeys.feeds }),
  });
}
