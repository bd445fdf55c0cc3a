import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionsRevokedDto } from '@candeia/shared/schemas/account';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/** POST /api/account/sessions/revoke-others: signs out every session but this one. */
export function revokeOtherSessions(): Promise<SessionsRevokedDto> {
  return api<SessionsRevokedDto>('/account/sessions/revoke-others', { method: 'POST' });
}

export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKeys.sessions }),
  });
}
