import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterAnnotationsDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys, seg } from './keys.ts';

/** GET …/chapters/:chapter/annotations: the signed-in user's favourites and notes on the chapter. */
export function getChapterAnnotations(textId: string, book: string, chapter: number): Promise<ChapterAnnotationsDto> {
  return api<ChapterAnnotationsDto>(
    `/scripture/texts/${seg(textId)}/books/${seg(book)}/chapters/${seg(chapter)}/annotations`,
  );
}

export const chapterAnnotationsQuery = (textId: string, book: string, chapter: number) =>
  queryOptions({
    queryKey: [...scriptureKeys.annotations, textId, book, chapter] as const,
    queryFn: () => getChapterAnnotations(textId, book, chapter),
    // Private data is never kept by the service worker: offline, this fails at once.
    networkMode: 'always',
    retry: false,
  });

export function useChapterAnnotations(textId: string, book: string, chapter: number) {
  return useQuery(chapterAnnotationsQuery(textId, book, chapter));
}
