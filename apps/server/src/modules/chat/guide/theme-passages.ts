import { b, isTextRef, sacred, THEME_REFS, type Ref } from '../../scripture/index.ts';
import type { ChatTheme } from '@candeia/shared/schemas/chat';

/**
 * The guide's candidate passages per theme: references only, never words. The retrieval code
 * reads each one from the installed texts (the reader's Bible for Bible passages) and drops
 * those that are not installed. The first eight themes start with the choices of the scripture
 * themes (scripture/themes.ts THEME_REFS), so the reader and the chat agree.
 */

/** A passage: a Bible one by OSIS book code (read in the reader's Bible), or one of another text. */
export type GuideRef = Ref;
export const isGuideTextRef = isTextRef;

/**
 * Candidates per theme, in order of preference (5 to 7 each): the eight themes of the reader
 * (scripture/themes.ts) first, then more.
 */
export const THEME_PASSAGES: Record<ChatTheme, GuideRef[]> = {
  anxiety: [...THEME_REFS.anxiety, b('Matt', 11, 28, 29), b('Ps', 94, 19), b('Ps', 55, 22)],
  peace: [...THEME_REFS.peace, b('Ps', 4, 8), b('Col', 3, 15), sacred('bhagavad-gita-arnold', 6, 7)],
  strength: [...THEME_REFS.strength, b('2Cor', 12, 9), sacred('dhammapada-muller', 8, 103), b('Isa', 41, 10)],
  hope: [...THEME_REFS.hope, b('Rom', 8, 28), sacred('quran-pickthall', 93, 3, 5), b('Heb', 11, 1)],
  love: [...THEME_REFS.love, b('1Cor', 13, 13), b('Rom', 8, 38, 39)],
  comfort: [...THEME_REFS.comfort, b('Ps', 23, 4), b('Isa', 66, 13)],
  wisdom: [...THEME_REFS.wisdom, b('Ps', 119, 105), sacred('dhammapada-muller', 12, 160)],
  perseverance: [
    ...THEME_REFS.perseverance,
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
