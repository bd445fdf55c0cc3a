import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@candeia/shared/schemas/auth';
import { api, ApiError } from '../api.ts';

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

/** The session query itself: the app shell and the guards own it, and it fetches. */
export function useSession() {
  return useQuery(sessionQuery());
}

/**
 * Reads the session the app shell already keeps under ['session']. This observer never
 * fetches by itself: screens that only need to know who is signed in add no request.
 */
function useKnownSession() {
  return useQuery({ ...sessionQuery(), enabled: false }).data;
}

/** The signed-in user, or null; `isPending` until the shell has checked the session. */
export function useSessionUser() {
  const session = useKnownSession();
  return { user: session?.user ?? null, isPending: session === undefined };
}

/** Whether someone is signed in, as far as the shell's session check knows. */
export function useSignedIn(): boolean {
  return !!useKnownSession();
}
