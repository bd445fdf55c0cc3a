import { useQuery } from '@tanstack/react-query';
import type { PrayerListDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** GET /api/community/posts/:id/prayers: who prayed (the request's author only). */
export function getPrayers(id: string): Promise<PrayerListDto> {
  return api<PrayerListDto>(`/community/posts/${seg(id)}/prayers`);
}

export function usePrayers(id: string) {
  return useQuery({ queryKey: communityKeys.prayers(id), queryFn: () => getPrayers(id), retry: false });
}
