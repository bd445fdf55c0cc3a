import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarSessionDetailDto, AvatarSessionDto } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';
import { avatarKeys } from './keys.ts';

/** POST /api/avatar/sessions/:id/end: ends the session now. */
export function endSession(sessionId: string): Promise<AvatarSessionDto> {
  return api<AvatarSessionDto>(`/avatar/sessions/${encodeURIComponent(sessionId)}/end`, { method: 'POST' });
}

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (session) => {
      qc.setQueryData<AvatarSessionDetailDto>(avatarKeys.session(session.id), (d) => (d ? { ...d, ...session } : d));
      void qc.invalidateQueries({ queryKey: avatarKeys.session(session.id) });
      void qc.invalidateQueries({ queryKey: avatarKeys.gallery });
      void qc.invalidateQueries({ queryKey: avatarKeys.sessions });
    },
  });
}
