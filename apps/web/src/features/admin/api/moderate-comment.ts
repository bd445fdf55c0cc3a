import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerateCommentInput } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** POST /api/admin/community/comments/:id/moderate: hide, remove, mark sensitive, or dismiss the reports. */
export function moderateComment({ id, input }: { id: string; input: ModerateCommentInput }): Promise<void> {
  return api<void>(`/admin/community/comments/${encodeURIComponent(id)}/moderate`, { method: 'POST', body: input });
}

export function useModerateComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moderateComment,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: moderationKeys.queue }),
        qc.invalidateQueries({ queryKey: moderationKeys.log }),
      ]),
  });
}
