/**
 * A Bible reference as both sides write it: "João 3", "João 3:16", "João 3:16-18", and across
 * chapters "João 3:36-4:2". A range that ends where it starts (or before) is its first verse.
 */
export function formatReference(
  bookName: string,
  chapter: number,
  verseStart?: number,
  verseEnd?: number,
  endChapter?: number,
): string {
  if (verseStart === undefined) return `${bookName} ${chapter}`;
  if (endChapter !== undefined && endChapter > chapter && verseEnd !== undefined)
    return `${bookName} ${chapter}:${verseStart}-${endChapter}:${verseEnd}`;
  const range = verseEnd !== undefined && verseEnd > verseStart ? `${verseStart}-${verseEnd}` : `${verseStart}`;
  return `${bookName} ${chapter}:${range}`;
}
