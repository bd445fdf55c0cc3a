/** A contiguous run of verses in one chapter; `anchor` is where a Shift-extension starts from. */
export interface VerseSelection {
  start: number;
  end: number;
  anchor: number;
}

export type Selection = VerseSelection | null;

/**
 * What a tap, click, Enter or Space on verse `n` does to the selection. The API keeps one
 * contiguous range per favourite or note, so the selection always stays one range:
 * - nothing selected: selects `n`;
 * - with Shift (`extend`): the range from the anchor to `n`;
 * - `n` outside the range: the range grows to reach it (a phone has no Shift key);
 * - `n` is the only selected verse: clears;
 * - `n` is the first or last verse of the range: drops it;
 * - `n` is inside the range: selects `n` alone.
 */
export function toggleVerse(sel: Selection, n: number, extend = false): Selection {
  if (!sel) return { start: n, end: n, anchor: n };
  if (extend) return { start: Math.min(sel.anchor, n), end: Math.max(sel.anchor, n), anchor: sel.anchor };
  if (n < sel.start) return { start: n, end: sel.end, anchor: sel.anchor };
  if (n > sel.end) return { start: sel.start, end: n, anchor: sel.anchor };
  if (sel.start === sel.end) return null;
  if (n === sel.start) return { start: n + 1, end: sel.end, anchor: sel.anchor === n ? n + 1 : sel.anchor };
  if (n === sel.end) return { start: sel.start, end: n - 1, anchor: sel.anchor === n ? n - 1 : sel.anchor };
  return { start: n, end: n, anchor: n };
}

export function isSelected(sel: Selection, n: number): boolean {
  return !!sel && n >= sel.start && n <= sel.end;
}

/** Whether verse `n` falls in any of the ranges (favourites, notes). */
export function inAnyRange(ranges: readonly { verseStart: number; verseEnd: number }[], n: number): boolean {
  return ranges.some((r) => n >= r.verseStart && n <= r.verseEnd);
}

/** The range of `ranges` that is exactly the selection, if any. */
export function sameRange<T extends { verseStart: number; verseEnd: number }>(
  ranges: readonly T[],
  sel: Selection,
): T | undefined {
  if (!sel) return undefined;
  return ranges.find((r) => r.verseStart === sel.start && r.verseEnd === sel.end);
}

/** "#v16" or "#v16-18": the selection as a URL fragment. */
export function selectionHash(sel: Selection): string {
  if (!sel) return '';
  return sel.start === sel.end ? `#v${sel.start}` : `#v${sel.start}-${sel.end}`;
}

/** Reads "#v16" or "#v16-18" back; anything else is no selection. Clamped to the chapter's last verse. */
export function parseVerseHash(hash: string, lastVerse: number): Selection {
  const m = /^#v(\d{1,4})(?:-(\d{1,4}))?$/.exec(hash);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] ? Number(m[2]) : a;
  if (a < 1 || a > lastVerse || b < a) return null;
  const end = Math.min(b, lastVerse);
  return { start: a, end, anchor: a };
}
