import { skipToken, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@candeia/shared/schemas/auth';

/**
 * The signed-in user, read from the shared ['session'] cache entry (the app keeps it
 * fresh); this observer never fetches by itself, so features stay independent of auth.
 */
export function useSessionUser() {
  const q = useQuery<SessionInfo | null>({ queryKey: ['session'], queryFn: skipToken });
  return { user: q.data?.user ?? null, isPending: q.data === undefined };
}
