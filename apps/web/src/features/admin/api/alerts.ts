import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAlertDto, AlertInput } from '@candeia/shared/schemas/alerts';
import { api } from '../../../lib/api.ts';

/** The banner's queries start with 'alerts' too: an admin's change refreshes their own banner. */
const alertsKey = ['alerts'] as const;
const adminAlertsKey = ['alerts', 'admin'] as const;

/** GET /api/admin/alerts: every alert, newest first, with its state now. */
export function useAdminAlerts() {
  return useQuery({
    queryKey: adminAlertsKey,
    queryFn: ({ signal }) => api<AdminAlertDto[]>('/admin/alerts', { signal }),
  });
}

/** Saves (creates, or edits with an id), ends now or deletes an alert; the list and the banner follow. */
export function useAlertActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: alertsKey });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AlertInput }) =>
      id
        ? api<AdminAlertDto>(`/admin/alerts/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
        : api<AdminAlertDto>('/admin/alerts', { method: 'POST', body: input }),
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: (id: string) => api<AdminAlertDto>(`/admin/alerts/${encodeURIComponent(id)}/end`, { method: 'POST' }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/admin/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  return { save, end, remove };
}
