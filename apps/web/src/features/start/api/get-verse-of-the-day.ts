import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerseOfTheDayDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';

/** GET /api/scripture/verse-of-the-day: today's verse, in the user's language. */
export function getVerseOfTheDay(): Promise<VerseOfTheDayDto> {
  return api<VerseOfTheDayDto>('/scripture/verse-of-the-day');
}

/** `locale` keys the cache: the verse comes in the interface language. */
export const verseOfTheDayQuery = (locale: string) =>
  queryOptions({
    queryKey: ['scripture', 'verse-of-the-day', locale] as const,
    queryFn: getVerseOfTheDay,
    staleTime: 60 * 60_000,
    retry: false,
  });

export function useVerseOfTheDay(locale: string) {
  return useQuery(verseOfTheDayQuery(locale));
}
