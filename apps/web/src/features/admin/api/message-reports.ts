import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMessageReportDto, MessageReportAction } from '@candeia/shared/schemas/messages';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** GET /api/admin/messages/reports: the open reports of messages, oldest first. */
export function useMessageReports() {
  return useQuery({
    queryKey: moderationKeys.messageReports,
    queryFn: () => api<{ items: AdminMessageReportDto[] }>('/admin/messages/reports'),
  });
}

/** POST /api/admin/messages/reports/:id/resolve: keep the message (dismiss) or remove it. */
export function useResolveMessageReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: MessageReportAction }) =>
      api<void>(`/admin/messages/reports/${encodeURIComponent(id)}/resolve`, { method: 'POST', body: { action } }),
    // Refused because another administrator resolved it meanwhile too: the list is asked again.
    onSettled: () => qc.invalidateQueries({ queryKey: moderationKeys.messageReports }),
  });
}
