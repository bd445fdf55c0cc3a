import type { VerseDto } from '@candeia/shared/schemas/scripture';
import { formatReference } from '@candeia/shared/scripture';

/** The shared one (packages/shared/src/scripture.ts), re-exported for this feature's callers. */
export { formatReference };

/**
 * The text of the selected verses for copying or sharing, and its reference with the
 * translation's abbreviation: "Porque Deus amou o mundo… \n— João 3:16 (BLIVRE)". A range
 * keeps its verse numbers so the reader can follow it.
 */
export function formatPassage(opts: {
  verses: readonly VerseDto[];
  start: number;
  end: number;
  bookName: string;
  chapter: number;
  abbreviation: string;
}): { text: string; reference: string; full: string } {
  const picked = opts.verses.filter((v) => v.n >= opts.start && v.n <= opts.end);
  const text = picked.length === 1 ? picked[0]!.t.trim() : picked.map((v) => `${v.n} ${v.t.trim()}`).join(' ');
  const reference = `${formatReference(opts.bookName, opts.chapter, opts.start, opts.end)} (${opts.abbreviation})`;
  return { text, reference, full: `${text}\n— ${reference}` };
}

/** Shortens a passage for a dialog's description. */
export function excerptOf(text: string, max = 220): string {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}
