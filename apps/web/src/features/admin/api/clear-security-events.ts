import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { clearSecurityEventsSchema } from '@candeia/shared/schemas/admin';
import { api } from '../../../lib/api.ts';
import { securityEventsKey } from './get-security-events.ts';

export type ClearSecurityEventsInput = z.input<typeof clearSecurityEventsSchema>;

/** POST /api/admin/security-events/clear: all events, or one e-mail's; needs the admin's own id. */
export function clearSecurityEvents(input: ClearSecurityEventsInput): Promise<{ removed: number }> {
  return api<{ removed: number }>('/admin/security-events/clear', { method: 'POST', body: input });
}

export function useClearSecurityEvents() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: clearSecurityEvents,
    onSuccess: () => qc.invalidateQueries({ queryKey: securityEventsKey }),
  });
}
