import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { api, setSigningOut } from '../../../lib/api.ts';
import { sessionKey } from '../../../lib/queries/session.ts';
import { forgetSignedIn } from '../../../lib/return-path.ts';

/** Queries that hold nothing about the user and survive a sign-out. */
const PUBLIC_KEYS = new Set<unknown>([sessionKey[0], 'plans', 'config']);

/** POST /api/auth/logout: ends the session on the server, which clears the cookie. */
export function logout(): Promise<{ ok: true }> {
  return api<{ ok: true }>('/auth/logout', { method: 'POST' });
}

/**
 * Signs out: asks the server to end the session, then forgets everything cached about the
 * user (whatever the answer, so the screen never keeps showing private data) and goes to /.
 * A plain hook rather than useMutation: it lives in the header, part of every first load.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    // A sign-out is not an expiry: the next signed-in link opened here goes to /, and a request
    // of this page that meets the ended session does not announce "Sua sessão expirou".
    setSigningOut(true);
    forgetSignedIn();
    try {
      await logout();
    } catch (err) {
      console.error('Sign-out request failed; signing out on this device anyway', err);
    } finally {
      queryClient.setQueryData(sessionKey, null);
      queryClient.removeQueries({ predicate: (q) => !PUBLIC_KEYS.has(q.queryKey[0]) });
      // Again once no screen holds the session (one shown meanwhile may have noted it).
      forgetSignedIn();
      setPending(false);
      navigate(paths.landing(), { replace: true });
    }
  }, [queryClient, navigate]);
  return { logout: signOut, isPending };
}
