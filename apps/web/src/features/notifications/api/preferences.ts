import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesDto, NotificationPreferencesInput } from '@candeia/shared/schemas/notifications';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications/preferences: each type's channels, and how many devices receive pushes. */
export function getNotificationPreferences(): Promise<NotificationPreferencesDto> {
  return api<NotificationPreferencesDto>('/notifications/preferences');
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: getNotificationPreferences, retry: 1 });
}

/** PUT /api/notifications/preferences: the choices of the types given. */
export function saveNotificationPreferences(input: NotificationPreferencesInput): Promise<NotificationPreferencesDto> {
  return api<NotificationPreferencesDto>('/notifications/preferences', { method: 'PUT', body: input });
}

export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (saved) => qc.setQueryData(notificationKeys.preferences, saved),
  });
}
