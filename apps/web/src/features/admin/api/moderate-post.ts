import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModeratePostInput } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** POST /api/admin/community/posts/:id/moderate: approve, hide, remove, mark sensitive, or dismiss the reports. */
export function moderatePost({ id, input }: { id: string; input: ModeratePostInput }): Promise<void> {
  return api<void>(`/admin/community/posts/${encodeURIComponent(id)}/moderate`, { method: 'POST', body: input });
}

export function useModeratePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moderatePost,
    // Refused because the item moved meanwhile (409) too: the queue is asked again.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: moderationKeys.queue }),
        qc.invalidateQueries({ queryKey: moderationKeys.log }),
      ]),
  });
}
