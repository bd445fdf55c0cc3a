import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { searchQuerySchema, SearchResultDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { queryString, scriptureKeys } from './keys.ts';

export type SearchParams = z.output<typeof searchQuerySchema>;

/**
 * GET /api/scripture/search: a reference ("João 3:16", "Jn 3:16") answers with the passage;
 * words answer with ranked hits whose snippets carry highlight marks.
 */
export function searchScripture(p: SearchParams): Promise<SearchResultDto> {
  return api<SearchResultDto>(`/scripture/search${queryString({ ...p })}`);
}

export const searchQuery = (p: SearchParams) =>
  queryOptions({
    queryKey: [...scriptureKeys.search, p] as const,
    queryFn: () => searchScripture(p),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    networkMode: 'always',
    retry: false,
  });

export function useScriptureSearch(p: SearchParams | null) {
  return useQuery({ ...searchQuery(p ?? { q: '', scope: 'all', page: 1 }), enabled: !!p });
}
