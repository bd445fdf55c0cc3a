import { useQuery } from '@tanstack/react-query';
import type { CommunityMeDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys } from './keys.ts';

/** GET /api/community/me: the reader's own handle (made on the first visit), and a running suspension. */
export function getMe(): Promise<CommunityMeDto> {
  return api<CommunityMeDto>('/community/me');
}

export function useMe(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: communityKeys.me,
    queryFn: getMe,
    // A suspension can start or end while the page is open: asked again on focus, after a minute.
    staleTime: 60_000,
    retry: false,
    enabled: opts.enabled ?? true,
  });
}
