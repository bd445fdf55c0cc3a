import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionsRevokedDto } from '@candeia/shared/schemas/account';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/** DELETE /api/account/sessions/:id: signs one of the member's other sessions out. */
export function revokeSession(sessionId: string): Promise<SessionsRevokedDto> {
  return api<SessionsRevokedDto>(`/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
