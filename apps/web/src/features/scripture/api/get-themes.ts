import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThemeDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys } from './keys.ts';

/** GET /api/scripture/themes: the eight themes of SPEC.md §3, each with 2–3 quotes in the user's language. */
export function getThemes(): Promise<ThemeDto[]> {
  return api<ThemeDto[]>('/scripture/themes');
}

export const themesQuery = (locale: string) =>
  queryOptions({
    queryKey: [...scriptureKeys.themes, locale] as const,
    queryFn: getThemes,
    staleTime: 60 * 60_000,
    networkMode: 'offlineFirst',
  });

/** `locale` keys the cache: the quotes come in the interface language. */
export function useThemes(locale: string) {
  return useQuery(themesQuery(locale));
}
