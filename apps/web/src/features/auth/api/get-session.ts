import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@candeia/shared/schemas/auth';
import { api, ApiError } from '../../../lib/api.ts';

export const sessionKey = ['session'] as const;

/** The signed-in session, or null when signed out. The check does not count as activity. */
export async function getSession(): Promise<SessionInfo | null> {
  try {
    return await api<SessionInfo>('/auth/session');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQuery = () =>
  queryOptions({ queryKey: sessionKey, queryFn: getSession, staleTime: 30_000, retry: false });

export function useSession() {
  return useQuery(sessionQuery());
}
