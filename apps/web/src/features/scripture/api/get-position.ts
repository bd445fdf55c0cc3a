import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PositionDto } from '@candeia/shared/schemas/scripture';
import { api, ApiError } from '../../../lib/api.ts';
import { scriptureKeys } from './keys.ts';

export type PositionScope = 'bible' | 'books';

/** GET /api/scripture/position?scope=: where the user last read the Bible (or another book); null if never. */
export async function getPosition(scope: PositionScope): Promise<PositionDto | null> {
  try {
    return (await api<PositionDto | null>(`/scripture/position?scope=${scope}`)) ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const positionQuery = (scope: PositionScope) =>
  queryOptions({
    queryKey: [...scriptureKeys.position, scope] as const,
    queryFn: () => getPosition(scope),
    networkMode: 'always',
    retry: false,
    staleTime: 0,
  });

export function usePosition(scope: PositionScope) {
  return useQuery(positionQuery(scope));
}
