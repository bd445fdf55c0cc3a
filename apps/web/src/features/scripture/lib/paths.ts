import type { SacredBookKey } from '@candeia/shared/schemas/scripture';

/** Where a text's screens live: the Bible under /bible, every other sacred book under /sacred-books. */
export type Area = 'bible' | 'books';

export function areaOf(bookKey: SacredBookKey | string | undefined): Area {
  return bookKey === 'bible' || bookKey === undefined ? 'bible' : 'books';
}

export function areaBase(area: Area): string {
  return area === 'bible' ? '/bible' : '/sacred-books';
}

export function textPath(area: Area, textId: string): string {
  return `${areaBase(area)}/${encodeURIComponent(textId)}`;
}

export function bookPath(area: Area, textId: string, book: string): string {
  return `${textPath(area, textId)}/${encodeURIComponent(book)}`;
}

/** The reader at a chapter, optionally at a verse or range (#v16, #v16-18). */
export function chapterPath(
  area: Area,
  textId: string,
  book: string,
  chapter: number,
  verse?: number | null,
  verseEnd?: number | null,
): string {
  const base = `${bookPath(area, textId, book)}/${chapter}`;
  if (!verse) return base;
  return verseEnd && verseEnd !== verse ? `${base}#v${verse}-${verseEnd}` : `${base}#v${verse}`;
}

export function searchPath(area: Area, params: { q?: string; textId?: string } = {}): string {
  const qs = new URLSearchParams();
  if (params.q) qs.set('q', params.q);
  if (params.textId) qs.set('textId', params.textId);
  const s = qs.toString();
  return `${areaBase(area)}/search${s ? `?${s}` : ''}`;
}
