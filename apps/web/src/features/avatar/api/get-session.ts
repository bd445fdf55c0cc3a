import { useQuery } from '@tanstack/react-query';
import type { AvatarSessionDetailDto } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';
import { avatarKeys } from './keys.ts';

/** GET /api/avatar/sessions/:id: the session, its counsellor and its transcript. */
export function getSession(id: string): Promise<AvatarSessionDetailDto> {
  return api<AvatarSessionDetailDto>(`/avatar/sessions/${encodeURIComponent(id)}`);
}

export function useAvatarSession(id: string) {
  return useQuery({ queryKey: avatarKeys.session(id), queryFn: () => getSession(id), retry: false, staleTime: 10_000 });
}
