import { describe, expect, it } from 'vitest';
import {
  inAnyRange,
  isSelected,
  parseVerseHash,
  sameRange,
  selectionHash,
  toggleVerse,
  type Selection,
} from './selection.ts';

const range = (sel: Selection) => (sel ? [sel.start, sel.end] : null);

describe('verse selection', () => {
  it('selects a verse, and a second tap on it clears', () => {
    const one = toggleVerse(null, 16);
    expect(one).toEqual({ start: 16, end: 16, anchor: 16 });
    expect(toggleVerse(one, 16)).toBeNull();
  });

  it('Shift extends from the anchor, in either direction', () => {
    const one = toggleVerse(null, 16);
    expect(range(toggleVerse(one, 18, true))).toEqual([16, 18]);
    expect(range(toggleVerse(one, 12, true))).toEqual([12, 16]);
    // A second Shift-click re-measures from the same anchor.
    expect(range(toggleVerse(toggleVerse(one, 20, true), 14, true))).toEqual([14, 16]);
  });

  it('a tap outside the range grows it to reach the verse (phones have no Shift)', () => {
    const one = toggleVerse(null, 16);
    expect(range(toggleVerse(one, 17))).toEqual([16, 17]);
    expect(range(toggleVerse(toggleVerse(one, 17), 14))).toEqual([14, 17]);
  });

  it('a tap on an end of the range drops that verse; inside it selects that verse alone', () => {
    const sel = toggleVerse(toggleVerse(null, 16), 19, true); // 16–19
    expect(range(toggleVerse(sel, 16))).toEqual([17, 19]);
    expect(range(toggleVerse(sel, 19))).toEqual([16, 18]);
    expect(toggleVerse(sel, 17)).toEqual({ start: 17, end: 17, anchor: 17 });
  });

  it('moves the anchor with a dropped first verse so Shift still works from the range', () => {
    const sel = toggleVerse(toggleVerse(null, 16), 18, true);
    const dropped = toggleVerse(sel, 16);
    expect(dropped?.anchor).toBe(17);
    expect(range(toggleVerse(dropped, 20, true))).toEqual([17, 20]);
  });

  it('answers which verses are selected or annotated', () => {
    const sel: Selection = { start: 3, end: 5, anchor: 3 };
    expect([2, 3, 5, 6].map((n) => isSelected(sel, n))).toEqual([false, true, true, false]);
    expect(isSelected(null, 1)).toBe(false);
    const favs = [
      { id: 'a', verseStart: 1, verseEnd: 1 },
      { id: 'b', verseStart: 3, verseEnd: 5 },
    ];
    expect(inAnyRange(favs, 4)).toBe(true);
    expect(inAnyRange(favs, 2)).toBe(false);
    expect(sameRange(favs, sel)?.id).toBe('b');
    expect(sameRange(favs, { start: 3, end: 4, anchor: 3 })).toBeUndefined();
  });

  it('round-trips the selection through the URL fragment and refuses bad fragments', () => {
    expect(selectionHash({ start: 16, end: 16, anchor: 16 })).toBe('#v16');
    expect(selectionHash({ start: 16, end: 18, anchor: 16 })).toBe('#v16-18');
    expect(selectionHash(null)).toBe('');
    expect(parseVerseHash('#v16', 36)).toEqual({ start: 16, end: 16, anchor: 16 });
    expect(parseVerseHash('#v16-18', 36)).toEqual({ start: 16, end: 18, anchor: 16 });
    expect(parseVerseHash('#v30-99', 36)).toEqual({ start: 30, end: 36, anchor: 30 });
    for (const bad of ['', '#', '#v0', '#v40', '#v18-16', '#verse16', '#v1x'])
      expect(parseVerseHash(bad, 36), bad).toBeNull();
  });
});
