import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** DELETE /api/community/reports/:id: the reader takes back an open report of theirs. */
export function withdrawReport(input: { id: string; postId: string; commentId?: string }): Promise<void> {
  return api<void>(`/community/reports/${seg(input.id)}`, { method: 'DELETE' });
}

export function useWithdrawReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawReport,
    networkMode: 'always',
    onSettled: (_r, _e, input) =>
      Promise.all(
        input.commentId
          ? [qc.invalidateQueries({ queryKey: communityKeys.comments(input.postId) })]
          : [
              qc.invalidateQueries({ queryKey: communityKeys.post(input.postId) }),
              qc.invalidateQueries({ queryKey: communityKeys.feeds }),
            ],
      ),
  });
}
