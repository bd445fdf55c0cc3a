import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser, SessionInfo } from '@candeia/shared/schemas/auth';
import { api, ApiError } from '../api.ts';

export const sessionKey = ['session'] as const;

/**
 * The session as the service worker answers it offline (decision 008, apps/web/vite.config.ts):
 * until when, the first name and the role. Nothing else about the user is kept on the device.
 */
export interface OfflineSessionInfo {
  offline: true;
  user: Pick<PublicUser, 'firstName' | 'role'>;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
}

/** The server's answer, or its offline copy. */
export type Session = SessionInfo | OfflineSessionInfo;
export type SessionUser = Session['user'];

/** The user's account details, known only when the server answered (never offline). */
export function accountOf(user: SessionUser | null | undefined): PublicUser | null {
  return user && 'email' in user ? user : null;
}

/** The signed-in session, or null when signed out. The check does not count as activity. */
export async function getSession(): Promise<Session | null> {
  try {
    return await api<Session>('/auth/session');
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
