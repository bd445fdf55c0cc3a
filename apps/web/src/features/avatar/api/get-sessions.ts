import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AvatarSessionPageDto } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';
import { avatarKeys } from './keys.ts';

/** GET /api/avatar/sessions: the member's sessions, newest first. */
export function getSessions(page: number): Promise<AvatarSessionPageDto> {
  return api<AvatarSessionPageDto>(`/avatar/sessions?page=${page}`);
}

export function useAvatarSessions(page: number) {
  return useQuery({
    queryKey: avatarKeys.sessionList(page),
    queryFn: () => getSessions(page),
    placeholderData: keepPreviousData,
  });
}
