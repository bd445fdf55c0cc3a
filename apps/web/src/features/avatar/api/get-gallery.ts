import { useQuery } from '@tanstack/react-query';
import type { AvatarGalleryDto } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';
import { avatarKeys } from './keys.ts';

/** GET /api/avatar/counsellors: the six counsellors with the member's locks, favourites, recents, allowance and stats. */
export function getGallery(): Promise<AvatarGalleryDto> {
  return api<AvatarGalleryDto>('/avatar/counsellors');
}

export function useGallery() {
  return useQuery({ queryKey: avatarKeys.gallery, queryFn: getGallery, retry: 1 });
}
