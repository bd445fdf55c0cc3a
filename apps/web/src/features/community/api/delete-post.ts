import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** DELETE /api/community/posts/:id: the author removes the post from every feed. */
export function deletePost(id: string): Promise<void> {
  return api<void>(`/community/posts/${seg(id)}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    networkMode: 'always',
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: communityKeys.post(id) });
      return qc.invalidateQueries({ queryKey: communityKeys.feeds });
    },
  });
}
