import { useQuery } from '@tanstack/react-query';
import type { ModerationSettingsDto } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** GET /api/admin/community/settings: how many first posts of a new member wait, and the word lists. */
export function getModerationSettings(): Promise<ModerationSettingsDto> {
  return api<ModerationSettingsDto>('/admin/community/settings');
}

export function useModerationSettings() {
  return useQuery({ queryKey: moderationKeys.settings, queryFn: getModerationSettings });
}
