import { useQuery } from '@tanstack/react-query';
import type { RelationsDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys } from './keys.ts';

/** GET /api/community/relations: the members the reader muted and blocked. */
export function getRelations(): Promise<RelationsDto> {
  return api<RelationsDto>('/community/relations');
}

export function useRelations(enabled: boolean) {
  return useQuery({ queryKey: communityKeys.relations, queryFn: getRelations, enabled, retry: false });
}
