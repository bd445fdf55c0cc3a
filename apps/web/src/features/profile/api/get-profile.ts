import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

export const profileKey = ['profile'] as const;

/** GET /api/profile: the signed-in user's own data. */
export function getProfile(): Promise<PublicUser> {
  return api<PublicUser>('/profile');
}

export const profileQuery = () => queryOptions({ queryKey: profileKey, queryFn: getProfile, staleTime: 60_000 });

export function useProfile() {
  return useQuery(profileQuery());
}
