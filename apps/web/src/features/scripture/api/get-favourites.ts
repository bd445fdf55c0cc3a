import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FavouriteDto, Paged } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { queryString, scriptureKeys } from './keys.ts';

export interface AnnotationListQuery {
  textId?: string;
  q?: string;
  page: number;
  pageSize: number;
}

/** GET /api/scripture/favourites: the user's favourite verses, newest first, by text. */
export function getFavourites(q: AnnotationListQuery): Promise<Paged<FavouriteDto>> {
  return api<Paged<FavouriteDto>>(`/scripture/favourites${queryString({ ...q })}`);
}

export const favouritesQuery = (q: AnnotationListQuery) =>
  queryOptions({
    queryKey: [...scriptureKeys.favourites, q] as const,
    queryFn: () => getFavourites(q),
    placeholderData: keepPreviousData,
    networkMode: 'always',
    retry: false,
  });

export function useFavourites(q: AnnotationListQuery) {
  return useQuery(favouritesQuery(q));
}
