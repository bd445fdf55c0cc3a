import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationSettingsDto, ModerationSettingsInput } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** PUT /api/admin/community/settings: saves the held-posts settings (the server trims and de-duplicates words). */
export function saveModerationSettings(input: ModerationSettingsInput): Promise<ModerationSettingsDto> {
  return api<ModerationSettingsDto>('/admin/community/settings', { method: 'PUT', body: input });
}

export function useSaveModerationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveModerationSettings,
    onSuccess: (saved) => {
      qc.setQueryData(moderationKeys.settings, saved);
      return qc.invalidateQueries({ queryKey: moderationKeys.log });
    },
  });
}
