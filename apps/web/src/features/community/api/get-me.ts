import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { communityKeys } from './keys.ts';

/** GET /api/community/me: the reader's own handle (made on the first visit). */
export function getMe(): Promise<{ handle: string }> {
  return api<{ handle: string }>('/community/me');
}

export function useMe() {
  return useQuery({ queryKey: communityKeys.me, queryFn: getMe, staleTime: Infinity, retry: false });
}
