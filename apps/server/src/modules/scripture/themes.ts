import type { BibleBookId } from '@candeia/shared/canon';
import type { Locale } from '@candeia/shared/constants';
import {
  THEMES,
  type QuoteDto,
  type Theme,
  type ThemeDto,
  type VerseOfTheDayDto,
} from '@candeia/shared/schemas/scripture';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { scriptureCache, type TextsSnapshot } from './cache.ts';
import { formatReference } from './references.ts';
import { passagesText, type PassageKey } from './repository.ts';
import { preferredBible } from './service.ts';

/**
 * Only references live in code; every quote's words are read from the installed texts, in
 * the reader's language when a text in it is installed. A reference a text does not have is
 * skipped.
 */

/** A Bible passage (OSIS book), read in the reader's Bible. */
export interface BibleRef {
  book: string;
  chapter: number;
  verse: number;
  to?: number;
}
/** A passage of another sacred text (its first book when `book` is absent). */
export interface TextRef {
  textId: string;
  book?: string;
  chapter: number;
  verse: number;
  to?: number;
}
export type Ref = BibleRef | TextRef;

/** A Bible passage by the OSIS id of one of the 66 books (checked when compiled). */
export const b = (book: BibleBookId, chapter: number, verse: number, to?: number): BibleRef => ({
  book,
  chapter,
  verse,
  ...(to ? { to } : {}),
});
export const sacred = (textId: string, chapter: number, verse: number, to?: number): TextRef => ({
  textId,
  chapter,
  verse,
  ...(to ? { to } : {}),
});

/**
 * Candidates per theme (SPEC.md §3: 2 or 3 quotes each), in order of preference. The first
 * three found in the reader's language are shown.
 */
export const THEME_REFS: Record<Theme, Ref[]> = {
  anxiety: [b('Phil', 4, 6, 7), b('1Pet', 5, 7), sacred('quran-pickthall', 2, 286), b('Matt', 6, 34)],
  peace: [b('John', 14, 27), b('Isa', 26, 3), sacred('tao-te-ching-legge', 16, 1), b('Phil', 4, 7)],
  strength: [b('Isa', 40, 31), b('Phil', 4, 13), b('Josh', 1, 9), b('Ps', 46, 1)],
  hope: [b('Rom', 15, 13), b('Jer', 29, 11), b('Lam', 3, 22, 23), b('Ps', 42, 11)],
  love: [b('1Cor', 13, 4), b('1John', 4, 8), sacred('dhammapada-muller', 1, 5), b('John', 13, 34)],
  comfort: [b('Matt', 5, 4), b('Ps', 34, 18), sacred('quran-pickthall', 13, 28), b('2Cor', 1, 3, 4)],
  wisdom: [
    b('Jas', 1, 5),
    b('Prov', 9, 10),
    sacred('tao-te-ching-legge', 33, 1),
    sacred('analects-legge', 2, 17),
    b('Prov', 3, 5, 6),
  ],
  perseverance: [b('Gal', 6, 9), b('Heb', 12, 1), sacred('quran-pickthall', 94, 5, 6), b('Jas', 1, 12)],
};

/** The verse of the day is drawn from these (well-known single verses and short passages). */
export const DAILY_REFS: BibleRef[] = [
  b('John', 3, 16),
  b('Ps', 23, 1),
  b('Phil', 4, 13),
  b('Rom', 8, 28),
  b('Jer', 29, 11),
  b('Isa', 41, 10),
  b('Prov', 3, 5, 6),
  b('Matt', 11, 28),
  b('Josh', 1, 9),
  b('Ps', 55, 22),
  b('2Tim', 1, 7),
  b('Rom', 12, 12),
  b('Isa', 40, 31),
  b('Matt', 5, 9),
  b('John', 14, 27),
  b('1Cor', 13, 13),
  b('Ps', 119, 105),
  b('Heb', 11, 1),
  b('Gal', 5, 22, 23),
  b('1John', 4, 19),
  b('Ps', 34, 18),
  b('Lam', 3, 22, 23),
  b('Mic', 6, 8),
  b('Ps', 27, 1),
  b('Matt', 6, 33),
  b('Rom', 15, 13),
  b('Col', 3, 23),
  b('1Pet', 5, 7),
  b('Jas', 1, 5),
  b('Ps', 37, 5),
  b('Isa', 26, 3),
  b('John', 8, 12),
  b('Matt', 5, 14),
  b('Ps', 91, 1),
  b('2Cor', 5, 17),
  b('Rom', 5, 8),
  b('Ps', 121, 1, 2),
  b('Eph', 4, 32),
  b('Matt', 22, 39),
  b('John', 15, 12),
];

export const isTextRef = (r: Ref): r is TextRef => 'textId' in r;

/** The text a reference is read from for this reader, and whether it is in their language. */
function resolve(r: Ref, snap: TextsSnapshot, locale: Locale): { key: PassageKey; native: boolean } | null {
  const language = locale.slice(0, 2);
  const text = isTextRef(r) ? snap.byId.get(r.textId) : preferredBible(snap, locale);
  if (!text) return null;
  return {
    key: {
      textId: text.id,
      book: isTextRef(r) ? (r.book ?? null) : r.book,
      chapter: r.chapter,
      verseStart: r.verse,
      verseEnd: r.to ?? r.verse,
    },
    native: text.language === language,
  };
}

function toQuote(p: {
  textId: string;
  book: string;
  bookName: string;
  chapter: number;
  verseStart: number;
  lastVerse: number;
  text: string;
}): QuoteDto {
  return {
    text: p.text,
    reference: formatReference(p.bookName, p.chapter, p.verseStart, p.lastVerse),
    textId: p.textId,
    book: p.book,
    chapter: p.chapter,
    verse: p.verseStart,
  };
}

const MAX_QUOTES = 3;
const MIN_QUOTES = 2;

/** The eight themes of SPEC.md §3 with their quotes, for this reader's language. */
export function themes(deps: Pick<Deps, 'db'>, actor: Actor): Promise<ThemeDto[]> {
  return scriptureCache(deps.db).derived(`themes:${actor.locale}`, async (snap) => {
    const keys: PassageKey[] = [];
    const candidates = THEMES.map((theme) =>
      THEME_REFS[theme].flatMap((r) => {
        const found = resolve(r, snap, actor.locale);
        if (!found) return [];
        keys.push(found.key);
        return [{ i: keys.length - 1, native: found.native }];
      }),
    );
    const texts = await passagesText(deps.db, keys);
    return THEMES.map((theme, n) => {
      const present = candidates[n]!.filter((c) => texts.has(c.i));
      // The reader's language first; another language only to reach the minimum.
      const chosen = present.filter((c) => c.native).slice(0, MAX_QUOTES);
      for (const c of present.filter((c) => !c.native)) if (chosen.length < MIN_QUOTES) chosen.push(c);
      return { theme, quotes: chosen.map((c) => toQuote(texts.get(c.i)!)) };
    });
  });
}

/** Days since 1970-01-01 of a UTC date. */
const dayNumber = (d: Date) => Math.floor(d.getTime() / 86_400_000);

/** FNV-1a, 32 bits. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A shuffle of DAILY_REFS seeded by the cycle's number. */
function shuffled(cycle: number): number[] {
  const order = DAILY_REFS.map((_, i) => i);
  let seed = hash(`candeia-votd-${cycle}`);
  for (let i = order.length - 1; i > 0; i--) {
    seed = hash(`${seed}:${i}`);
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * The order of DAILY_REFS for one cycle (as many days as there are references): every
 * reference comes once per cycle, the order changes from cycle to cycle, and two days in a row
 * never share a verse (the first day of a cycle is swapped with the second when it would repeat
 * the last day of the cycle before; the last day is never moved, so this needs no recursion).
 */
function cycleOrder(cycle: number): number[] {
  const order = shuffled(cycle);
  if (order[0] === shuffled(cycle - 1).at(-1)) [order[0], order[1]] = [order[1]!, order[0]!];
  return order;
}

/** The positions in DAILY_REFS to try for a date, best first. */
export function dailyOrder(date: Date): number[] {
  const n = DAILY_REFS.length;
  const day = dayNumber(date);
  const cycle = Math.floor(day / n);
  const order = cycleOrder(cycle);
  const start = day - cycle * n;
  return order.map((_, k) => order[(start + k) % n]!);
}

/** The verse of the day: the same for everyone on a UTC date, in the reader's language's Bible. */
export async function verseOfTheDay(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor): Promise<VerseOfTheDayDto> {
  const date = deps.clock.now().toISOString().slice(0, 10);
  const dto = await scriptureCache(deps.db).derived(`votd:${date}:${actor.locale}`, async (snap) => {
    const order = dailyOrder(new Date(`${date}T00:00:00Z`));
    const keys = order.map((i) => resolve(DAILY_REFS[i]!, snap, actor.locale)?.key).filter((k) => k !== undefined);
    // The first few candidates in one statement; almost always the first one is there.
    for (let from = 0; from < keys.length; from += 8) {
      const batch = keys.slice(from, from + 8);
      const found = await passagesText(deps.db, batch);
      for (let i = 0; i < batch.length; i++) {
        const p = found.get(i);
        if (p) return { date, ...toQuote(p) };
      }
    }
    return null;
  });
  if (!dto) throw new AppError('NOT_FOUND');
  return dto;
}
