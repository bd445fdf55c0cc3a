import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';
import { sessionKey } from '../../../lib/queries/session.ts';

/** POST /api/auth/session/refresh: reports activity; the idle deadline moves forward. */
export function refreshSession(): Promise<SessionInfo> {
  return api<SessionInfo>('/auth/session/refresh', { method: 'POST' });
}

export function useRefreshSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: refreshSession,
    onSuccess: (info) => qc.setQueryData(sessionKey, info),
  });
}
