import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceSessionsDto } from '@candeia/shared/schemas/account';
import { api } from '../../../lib/api.ts';
import { settingsKeys } from './keys.ts';

/** GET /api/account/sessions: the member's live sessions, this device first. */
export function getSessions(): Promise<DeviceSessionsDto> {
  return api<DeviceSessionsDto>('/account/sessions');
}

export const sessionsQuery = () => queryOptions({ queryKey: settingsKeys.sessions, queryFn: getSessions });

export function useDeviceSessions() {
  return useQuery(sessionsQuery());
}
