import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NoteDto, Paged } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import type { AnnotationListQuery } from './get-favourites.ts';
import { queryString, scriptureKeys } from './keys.ts';

/** GET /api/scripture/notes: the user's notes, filtered by text and by words in the note. */
export function getNotes(q: AnnotationListQuery): Promise<Paged<NoteDto>> {
  return api<Paged<NoteDto>>(`/scripture/notes${queryString({ ...q })}`);
}

export const notesQuery = (q: AnnotationListQuery) =>
  queryOptions({
    queryKey: [...scriptureKeys.notes, q] as const,
    queryFn: () => getNotes(q),
    placeholderData: keepPreviousData,
    networkMode: 'always',
    retry: false,
  });

export function useNotes(q: AnnotationListQuery) {
  return useQuery(notesQuery(q));
}
