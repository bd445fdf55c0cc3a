import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys, seg } from './keys.ts';

/**
 * GET /api/scripture/texts/:textId/books/:book/chapters/:chapter: the verses with the
 * text's licence and the previous and next chapters. The service worker keeps each answer,
 * so a chapter read once opens offline.
 */
export function getChapter(textId: string, book: string, chapter: number): Promise<ChapterDto> {
  return api<ChapterDto>(`/scripture/texts/${seg(textId)}/books/${seg(book)}/chapters/${seg(chapter)}`);
}

export const chapterQuery = (textId: string, book: string, chapter: number) =>
  queryOptions({
    queryKey: scriptureKeys.chapter(textId, book, chapter),
    queryFn: () => getChapter(textId, book, chapter),
    staleTime: 30 * 60_000,
    // Ask even when the browser says it is offline: the service worker may have the chapter.
    networkMode: 'offlineFirst',
    retry: (count, err) => count < 1 && (err as { status?: number }).status !== 404,
  });

export function useChapter(textId: string, book: string, chapter: number, enabled = true) {
  return useQuery({ ...chapterQuery(textId, book, chapter), enabled });
}
