import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys, seg } from './keys.ts';

/** GET /api/scripture/texts/:textId/books: the books of a text in order, with their chapter counts. */
export function getBooks(textId: string): Promise<BookDto[]> {
  return api<BookDto[]>(`/scripture/texts/${seg(textId)}/books`);
}

export const booksQuery = (textId: string) =>
  queryOptions({
    queryKey: scriptureKeys.books(textId),
    queryFn: () => getBooks(textId),
    staleTime: 30 * 60_000,
    networkMode: 'offlineFirst',
  });

export function useBooks(textId: string | undefined) {
  return useQuery({ ...booksQuery(textId ?? ''), enabled: !!textId });
}
