import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarSessionDetailDto, AvatarSessionDto } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';
import { avatarKeys } from './keys.ts';

/** POST /api/avatar/sessions/:id/rating: 1 to 5 stars (a new rating replaces the last). */
export function rateSession({ sessionId, rating }: { sessionId: string; rating: number }): Promise<AvatarSessionDto> {
  return api<AvatarSessionDto>(`/avatar/sessions/${encodeURIComponent(sessionId)}/rating`, {
    method: 'POST',
    body: { rating },
  });
}

export function useRateSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rateSession,
    onSuccess: (session) => {
      qc.setQueryData<AvatarSessionDetailDto>(avatarKeys.session(session.id), (d) => (d ? { ...d, ...session } : d));
      void qc.invalidateQueries({ queryKey: avatarKeys.gallery });
    },
  });
}
