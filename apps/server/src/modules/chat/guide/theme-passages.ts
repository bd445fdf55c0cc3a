import type { ChatTheme } from '@candeia/shared/schemas/chat';

/**
 * The guide's candidate passages per theme: references only, never words. The retrieval code
 * reads each one from the installed texts (the reader's Bible for Bible passages) and drops
 * those that are not installed. The first eight themes start with the choices of the scripture
 * themes (scripture/themes.ts THEME_REFS), so the reader and the chat agree.
 */

/** A Bible passage by OSIS book code, read in the reader's Bible. */
export interface GuideBibleRef {
  book: string;
  chapter: number;
  verse: number;
  to?: number;
}

/** The texts other than the Bible the guide may quote (English only). */
export type GuideTextId =
  'quran-pickthall' | 'tao-te-ching-legge' | 'dhammapada-muller' | 'analects-legge' | 'bhagavad-gita-arnold';

/**
 * A passage of another sacred text, numbered as the importer numbers it: surah:ayah for the
 * Qur'an; chapter and Legge's numbered paragraph for the Tao Te Ching; chapter and Müller's
 * book-wide verse number for the Dhammapada; book and chapter for the Analects; chapter and
 * stanza for Arnold's Gita.
 */
export interface GuideTextRef {
  textId: GuideTextId;
  chapter: number;
  verse: number;
  to?: number;
}

export type GuideRef = GuideBibleRef | GuideTextRef;

export const isGuideTextRef = (r: GuideRef): r is GuideTextRef => 'textId' in r;

const b = (book: string, chapter: number, verse: number, to?: number): GuideBibleRef => ({
  book,
  chapter,
  verse,
  ...(to ? { to } : {}),
});
const sacred = (textId: GuideTextId, chapter: number, verse: number, to?: number): GuideTextRef => ({
  textId,
  chapter,
  verse,
  ...(to ? { to } : {}),
});

/** Candidates per theme, in order of preference (5 to 7 each). */
export const THEME_PASSAGES: Record<ChatTheme, GuideRef[]> = {
  anxiety: [
    b('Phil', 4, 6, 7),
    b('1Pet', 5, 7),
    sacred('quran-pickthall', 2, 286),
    b('Matt', 6, 34),
    b('Matt', 11, 28, 29),
    b('Ps', 94, 19),
    b('Ps', 55, 22),
  ],
  peace: [
    b('John', 14, 27),
    b('Isa', 26, 3),
    sacred('tao-te-ching-legge', 16, 1),
    b('Phil', 4, 7),
    b('Ps', 4, 8),
    b('Col', 3, 15),
    sacred('bhagavad-gita-arnold', 6, 7),
  ],
  strength: [
    b('Isa', 40, 31),
    b('Phil', 4, 13),
    b('Josh', 1, 9),
    b('Ps', 46, 1),
    b('2Cor', 12, 9),
    sacred('dhammapada-muller', 8, 103),
    b('Isa', 41, 10),
  ],
  hope: [
    b('Rom', 15, 13),
    b('Jer', 29, 11),
    b('Lam', 3, 22, 23),
    b('Ps', 42, 11),
    b('Rom', 8, 28),
    sacred('quran-pickthall', 93, 3, 5),
    b('Heb', 11, 1),
  ],
  love: [
    b('1Cor', 13, 4),
    b('1John', 4, 8),
    sacred('dhammapada-muller', 1, 5),
    b('John', 13, 34),
    b('1Cor', 13, 13),
    b('Rom', 8, 38, 39),
  ],
  comfort: [
    b('Matt', 5, 4),
    b('Ps', 34, 18),
    sacred('quran-pickthall', 13, 28),
    b('2Cor', 1, 3, 4),
    b('Ps', 23, 4),
    b('Isa', 66, 13),
  ],
  wisdom: [
    b('Jas', 1, 5),
    b('Prov', 9, 10),
    sacred('tao-te-ching-legge', 33, 1),
    sacred('analects-legge', 2, 17),
    b('Prov', 3, 5, 6),
    b('Ps', 119, 105),
    sacred('dhammapada-muller', 12, 160),
  ],
  perseverance: [
    b('Gal', 6, 9),
    b('Heb', 12, 1),
    sacred('quran-pickthall', 94, 5, 6),
    b('Jas', 1, 12),
    b('Rom', 5, 3, 4),
    sacred('tao-te-ching-legge', 64, 2),
    sacred('analects-legge', 9, 18),
  ],
  grief: [
    b('Ps', 147, 3),
    b('Matt', 5, 4),
    b('Rev', 21, 4),
    b('Ps', 34, 18),
    b('Eccl', 3, 4),
    sacred('quran-pickthall', 2, 155, 156),
    b('Ps', 23, 4),
  ],
  forgiveness: [
    b('Eph', 4, 32),
    b('Col', 3, 13),
    b('Matt', 6, 14),
    sacred('dhammapada-muller', 1, 4, 5),
    b('Luke', 6, 37),
    b('1John', 1, 9),
    sacred('quran-pickthall', 24, 22),
  ],
  gratitude: [
    b('1Thess', 5, 16, 18),
    b('Ps', 107, 1),
    b('Ps', 118, 24),
    b('Ps', 100, 4),
    b('Jas', 1, 17),
    sacred('quran-pickthall', 2, 152),
  ],
  fear: [
    b('Isa', 41, 10),
    b('Ps', 27, 1),
    b('2Tim', 1, 7),
    b('1John', 4, 18),
    b('Ps', 56, 3),
    sacred('analects-legge', 9, 28),
    sacred('quran-pickthall', 20, 46),
  ],
  loneliness: [
    b('Deut', 31, 6),
    b('Ps', 27, 10),
    b('Isa', 43, 2),
    b('Ps', 139, 9, 10),
    b('Heb', 13, 5),
    sacred('quran-pickthall', 50, 16),
    sacred('analects-legge', 4, 25),
  ],
  purpose: [
    b('Eph', 2, 10),
    b('Mic', 6, 8),
    b('Prov', 19, 21),
    b('Matt', 5, 14, 16),
    b('Col', 3, 23),
    b('Eccl', 3, 1),
    sacred('analects-legge', 2, 4),
  ],
};
