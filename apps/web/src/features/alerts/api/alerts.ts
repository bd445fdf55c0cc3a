import { useMutation, useQuery } from '@tanstack/react-query';
import type { AlertsDto } from '@candeia/shared/schemas/alerts';
import { api } from '../../../lib/api.ts';
import { accountOf, useSessionUser } from '../../../lib/queries/session.ts';

export const alertKeys = {
  all: ['alerts'] as const,
  /** The banner's, per reader (a visitor's and a member's differ). */
  current: (userId: string | null) => ['alerts', 'current', userId] as const,
};

/** An incident's banner reaches a tab left open within this long (and at once on coming back to it). */
const REFRESH_MS = 10 * 60_000;

/** GET /api/alerts: the alerts up now for this reader. */
export function useCurrentAlerts() {
  const { user, isPending } = useSessionUser();
  const reader = user ? (accountOf(user)?.id ?? 'member') : null;
  return useQuery({
    queryKey: alertKeys.current(reader),
    queryFn: ({ signal }) => api<AlertsDto>('/alerts', { signal }),
    enabled: !isPending,
    staleTime: 60_000,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: 1,
  });
}

/** POST /api/alerts/:id/dismiss: a member's dismissal, kept for all their devices. */
export function useDismissAlert() {
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/alerts/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),
  });
}
