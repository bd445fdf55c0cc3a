import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarId, AvatarStartedDto } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';
import { avatarKeys } from './keys.ts';

/** POST /api/avatar/sessions: starts a session (paid from the week's avatar credits). */
export function startSession(input: { avatarId: AvatarId; language?: 'pt' | 'en' | 'es' }): Promise<AvatarStartedDto> {
  return api<AvatarStartedDto>('/avatar/sessions', { method: 'POST', body: input });
}

export function useStartSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startSession,
    onSuccess: (started) => {
      qc.setQueryData(avatarKeys.session(started.session.id), started.session);
      void qc.invalidateQueries({ queryKey: avatarKeys.gallery });
      void qc.invalidateQueries({ queryKey: avatarKeys.sessions });
    },
  });
}
