import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** DELETE /api/admin/community/members/:handle/suspension: the member takes part again. */
export function liftSuspension(handle: string): Promise<void> {
  return api<void>(`/admin/community/members/${encodeURIComponent(handle)}/suspension`, { method: 'DELETE' });
}

export function useLiftSuspension() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: liftSuspension,
    onSettled: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
