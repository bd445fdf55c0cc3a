import type { BibleBookId } from '@candeia/shared/canon';
import type { Passage } from './engine.ts';

/**
 * Passages that must never comfort anyone: the guide never quotes them, retrieval never hands
 * them to an engine, and a model's citation of one is never linked — whatever the theme, the
 * search, or the texts installed. They are scripture all the same (the reader shows them); they
 * are simply never offered to a person who came for comfort.
 *
 * Two nets:
 *   1. A reviewed list of references, by category: killing and war, death penalties and
 *      stoning, curses and imprecations, vengeance, slavery and beatings, self-harm and the wish
 *      to die or not to have been born, suicides told, and cruelty to children. Bible entries
 *      hold in every installed Bible (OSIS book, chapter, verse range); entries of other sacred
 *      texts name the text.
 *   2. Words no comforting quote needs (slay, kill, stone, curse, slave, hang… in the three
 *      languages): a passage of any text, reviewed or not, that holds one is not quoted.
 *
 * Reviewing: an entry is added when a passage, read on its own, could be heard as permission or
 * encouragement to harm oneself or another, or as a curse. The test (chat-never-quote.test.ts)
 * checks every entry exists in the KJV, that no themed passage is on the list, and that the
 * guide never quotes one.
 */

export interface NeverQuoteEntry {
  /** 'bible' (every Bible) or the id of another text. */
  text: 'bible' | string;
  /** OSIS book for Bibles; absent for texts of one book. */
  book?: string;
  chapter: number;
  from: number;
  /** Last verse (inclusive); absent: `from` only. */
  to?: number;
  why: NeverQuoteReason;
}

export type NeverQuoteReason =
  'killing' | 'death-penalty' | 'curse' | 'vengeance' | 'slavery' | 'wish-to-die' | 'suicide' | 'cruelty';

const WHOLE = 999;
const bible = (book: BibleBookId, chapter: number, from: number, to: number | undefined, why: NeverQuoteReason) =>
  ({ text: 'bible', book, chapter, from, ...(to ? { to } : {}), why }) as NeverQuoteEntry;

// prettier-ignore
export const NEVER_QUOTE: readonly NeverQuoteEntry[] = [
  // ---------- The wish to die, not to have been born, or to be taken ----------
  bible('Job', 3, 1, 26, 'wish-to-die'),
  bible('Job', 6, 8, 11, 'wish-to-die'),
  bible('Job', 7, 15, 16, 'wish-to-die'),
  bible('Job', 10, 1, undefined, 'wish-to-die'),
  bible('Job', 10, 18, 22, 'wish-to-die'),
  bible('Jer', 15, 10, undefined, 'wish-to-die'),
  bible('Jer', 20, 14, 18, 'wish-to-die'),
  bible('Num', 11, 15, undefined, 'wish-to-die'),
  bible('1Kgs', 19, 4, undefined, 'wish-to-die'),
  bible('Jonah', 4, 3, undefined, 'wish-to-die'),
  bible('Jonah', 4, 8, 9, 'wish-to-die'),
  bible('Eccl', 2, 17, undefined, 'wish-to-die'),
  bible('Eccl', 4, 2, 3, 'wish-to-die'),
  bible('Eccl', 6, 3, 5, 'wish-to-die'),
  bible('Eccl', 7, 1, undefined, 'wish-to-die'),
  bible('Phil', 1, 21, 24, 'wish-to-die'),
  bible('2Cor', 5, 8, undefined, 'wish-to-die'),
  bible('Rev', 9, 6, undefined, 'wish-to-die'),
  bible('Luke', 14, 26, undefined, 'wish-to-die'),
  bible('John', 12, 25, undefined, 'wish-to-die'),
  bible('Matt', 26, 24, undefined, 'wish-to-die'),
  bible('Mark', 14, 21, undefined, 'wish-to-die'),
  bible('1Tim', 5, 6, undefined, 'wish-to-die'),
  // ---------- Suicides told, and asking to be killed ----------
  bible('Judg', 9, 54, undefined, 'suicide'),
  bible('Judg', 16, 28, 30, 'suicide'),
  bible('1Sam', 31, 3, 6, 'suicide'),
  bible('2Sam', 1, 6, 10, 'suicide'),
  bible('2Sam', 17, 23, undefined, 'suicide'),
  bible('1Kgs', 16, 18, undefined, 'suicide'),
  bible('1Chr', 10, 4, 5, 'suicide'),
  bible('Matt', 27, 3, 5, 'suicide'),
  bible('Acts', 1, 18, undefined, 'suicide'),
  bible('Acts', 16, 27, undefined, 'suicide'),
  // ---------- Self-harm read literally ----------
  bible('Matt', 5, 29, 30, 'cruelty'),
  bible('Matt', 18, 8, 9, 'cruelty'),
  bible('Mark', 9, 43, 47, 'cruelty'),
  bible('Matt', 19, 12, undefined, 'cruelty'),
  bible('Deut', 25, 11, 12, 'cruelty'),
  // ---------- Death penalties and stoning ----------
  bible('Exod', 21, 12, 17, 'death-penalty'),
  bible('Exod', 21, 29, undefined, 'death-penalty'),
  bible('Exod', 22, 18, 20, 'death-penalty'),
  bible('Exod', 31, 14, 15, 'death-penalty'),
  bible('Exod', 35, 2, undefined, 'death-penalty'),
  bible('Lev', 20, 1, 27, 'death-penalty'),
  bible('Lev', 21, 9, undefined, 'death-penalty'),
  bible('Lev', 24, 14, 23, 'death-penalty'),
  bible('Num', 15, 32, 36, 'death-penalty'),
  bible('Num', 35, 16, 21, 'death-penalty'),
  bible('Num', 35, 30, 31, 'death-penalty'),
  bible('Deut', 13, 5, 10, 'death-penalty'),
  bible('Deut', 17, 2, 7, 'death-penalty'),
  bible('Deut', 17, 12, undefined, 'death-penalty'),
  bible('Deut', 18, 20, undefined, 'death-penalty'),
  bible('Deut', 19, 21, undefined, 'death-penalty'),
  bible('Deut', 21, 18, 23, 'death-penalty'),
  bible('Deut', 22, 20, 25, 'death-penalty'),
  bible('Josh', 7, 24, 26, 'death-penalty'),
  bible('Acts', 5, 1, 10, 'death-penalty'),
  // ---------- Killing, war and destruction ----------
  bible('Gen', 22, 2, 10, 'killing'),
  bible('Gen', 34, 25, 29, 'killing'),
  bible('Exod', 12, 29, 30, 'killing'),
  bible('Exod', 32, 27, 28, 'killing'),
  bible('Num', 25, 4, 9, 'killing'),
  bible('Num', 31, 7, 18, 'killing'),
  bible('Deut', 2, 33, 34, 'killing'),
  bible('Deut', 3, 6, undefined, 'killing'),
  bible('Deut', 7, 1, 2, 'killing'),
  bible('Deut', 7, 16, undefined, 'killing'),
  bible('Deut', 20, 10, 18, 'killing'),
  bible('Josh', 6, 21, undefined, 'killing'),
  bible('Josh', 8, 24, 26, 'killing'),
  bible('Josh', 10, 28, 40, 'killing'),
  bible('Josh', 11, 11, 14, 'killing'),
  bible('Judg', 11, 30, 40, 'killing'),
  bible('Judg', 19, 22, 30, 'cruelty'),
  bible('Judg', 21, 10, 12, 'killing'),
  bible('1Sam', 15, 2, 3, 'killing'),
  bible('1Sam', 15, 33, undefined, 'killing'),
  bible('1Sam', 18, 25, 27, 'killing'),
  bible('2Sam', 12, 31, undefined, 'cruelty'),
  bible('2Kgs', 2, 23, 24, 'killing'),
  bible('2Kgs', 6, 28, 29, 'cruelty'),
  bible('2Kgs', 10, 6, 7, 'killing'),
  bible('2Kgs', 10, 18, 27, 'killing'),
  bible('Isa', 13, 15, 18, 'killing'),
  bible('Jer', 48, 10, undefined, 'killing'),
  bible('Ezek', 9, 5, 7, 'killing'),
  bible('Hos', 13, 16, undefined, 'cruelty'),
  bible('Nah', 3, 10, undefined, 'cruelty'),
  bible('Lev', 26, 29, undefined, 'cruelty'),
  bible('Deut', 28, 53, 57, 'cruelty'),
  bible('Luke', 19, 27, undefined, 'killing'),
  // ---------- Curses and imprecations ----------
  bible('Gen', 9, 25, 27, 'curse'),
  bible('Deut', 27, 15, 26, 'curse'),
  bible('Deut', 28, 15, 68, 'curse'),
  bible('Ps', 55, 15, undefined, 'curse'),
  bible('Ps', 58, 6, 10, 'curse'),
  bible('Ps', 69, 22, 28, 'curse'),
  bible('Ps', 109, 6, 20, 'curse'),
  bible('Ps', 137, 7, 9, 'curse'),
  bible('Ps', 139, 19, 22, 'curse'),
  bible('Gal', 3, 13, undefined, 'curse'),
  bible('Matt', 27, 25, undefined, 'curse'),
  bible('1Cor', 5, 5, undefined, 'curse'),
  // ---------- Vengeance ----------
  bible('Deut', 32, 41, 43, 'vengeance'),
  bible('Nah', 1, 2, undefined, 'vengeance'),
  bible('Ps', 94, 1, undefined, 'vengeance'),
  // ---------- Slavery and beatings ----------
  bible('Exod', 21, 2, 11, 'slavery'),
  bible('Exod', 21, 20, 21, 'slavery'),
  bible('Lev', 25, 44, 46, 'slavery'),
  bible('Deut', 25, 2, 3, 'cruelty'),
  bible('Prov', 13, 24, undefined, 'cruelty'),
  bible('Prov', 20, 30, undefined, 'cruelty'),
  bible('Prov', 22, 15, undefined, 'cruelty'),
  bible('Prov', 23, 13, 14, 'cruelty'),
  bible('Luke', 12, 47, 48, 'slavery'),
  bible('Eph', 6, 5, undefined, 'slavery'),
  bible('Col', 3, 22, undefined, 'slavery'),
  bible('1Tim', 6, 1, undefined, 'slavery'),
  bible('Titus', 2, 9, undefined, 'slavery'),
  bible('1Pet', 2, 18, undefined, 'slavery'),
  // ---------- The Qur'an (Pickthall) ----------
  { text: 'quran-pickthall', chapter: 2, from: 190, to: 193, why: 'killing' },
  { text: 'quran-pickthall', chapter: 2, from: 216, why: 'killing' },
  { text: 'quran-pickthall', chapter: 4, from: 34, why: 'cruelty' },
  { text: 'quran-pickthall', chapter: 4, from: 56, why: 'cruelty' },
  { text: 'quran-pickthall', chapter: 4, from: 89, to: 91, why: 'killing' },
  { text: 'quran-pickthall', chapter: 5, from: 33, why: 'death-penalty' },
  { text: 'quran-pickthall', chapter: 5, from: 38, why: 'death-penalty' },
  { text: 'quran-pickthall', chapter: 8, from: 12, to: 17, why: 'killing' },
  { text: 'quran-pickthall', chapter: 8, from: 39, why: 'killing' },
  { text: 'quran-pickthall', chapter: 8, from: 65, why: 'killing' },
  { text: 'quran-pickthall', chapter: 9, from: 5, why: 'killing' },
  { text: 'quran-pickthall', chapter: 9, from: 29, why: 'killing' },
  { text: 'quran-pickthall', chapter: 9, from: 73, why: 'killing' },
  { text: 'quran-pickthall', chapter: 9, from: 111, why: 'killing' },
  { text: 'quran-pickthall', chapter: 9, from: 123, why: 'killing' },
  { text: 'quran-pickthall', chapter: 22, from: 19, to: 22, why: 'cruelty' },
  { text: 'quran-pickthall', chapter: 24, from: 2, why: 'death-penalty' },
  { text: 'quran-pickthall', chapter: 33, from: 60, to: 61, why: 'killing' },
  { text: 'quran-pickthall', chapter: 47, from: 4, why: 'killing' },
  // ---------- The Bhagavad Gita (Arnold): the battlefield chapters' calls to fight and slay ----------
  { text: 'bhagavad-gita-arnold', chapter: 1, from: 1, to: WHOLE, why: 'killing' },
  { text: 'bhagavad-gita-arnold', chapter: 11, from: 1, to: WHOLE, why: 'killing' },
  // ---------- The Tao Te Ching (Legge): the executioner ----------
  { text: 'tao-te-ching-legge', chapter: 74, from: 1, to: WHOLE, why: 'death-penalty' },
];

/**
 * Words no comforting quote needs, in the three languages (lower case, accents removed): a
 * passage that holds one is not quoted, whatever text it is from.
 */
const HARM_WORDS = new RegExp(
  [
    // English
    'slay\\w*',
    'slew',
    'slain',
    'kill\\w*',
    'smite\\w*',
    'smote',
    'stone (?:him|her|them|it)',
    'stoned',
    'stoning',
    'put to death',
    'surely (?:be put to )?die',
    'curse\\w*',
    'accursed',
    'vengeance',
    'avenge\\w*',
    'slaves?',
    'bondm[ae]n',
    'bondmaids?',
    'hang(?:ed|eth) (?:him|himself|them)',
    'behead\\w*',
    'burn(?:ed|t)? (?:them|him|her) with fire',
    // Portuguese
    'mat(?:ar|ou|am|ara|arao|ai|em|aste)',
    'apedrej\\w*',
    'maldit[oa]s?',
    'amaldico\\w*',
    'maldica?o',
    'vinganca',
    'vingar\\w*',
    'escrav[oa]s?',
    'enforc\\w*',
    'sera morto',
    'morrera',
    'certamente morrera',
    'degol\\w*',
    // Spanish
    'mat(?:o|ad|aron|are|aran|adle)',
    'apedre\\w*',
    'maldecid[oa]s?',
    'maldicion\\w*',
    'venganza',
    'vengar\\w*',
    'esclav[oa]s?',
    'ahorc\\w*',
    'morira',
    'de cierto morira',
    'decapit\\w*',
  ]
    .map((w) => `(?<![\\p{L}])${w}(?![\\p{L}])`)
    .join('|'),
  'u',
);

const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ');

type Where = Pick<Passage, 'textId' | 'bookKey' | 'book' | 'chapter' | 'verseStart' | 'verseEnd'>;

/** The list's entry a passage falls in (any verse of it), if any. */
export function neverQuoteEntry(p: Where): NeverQuoteEntry | undefined {
  const isBible = p.bookKey === 'bible';
  return NEVER_QUOTE.find(
    (e) =>
      (isBible ? e.text === 'bible' && e.book === p.book : e.text === p.textId) &&
      e.chapter === p.chapter &&
      p.verseStart <= (e.to ?? e.from) &&
      p.verseEnd >= e.from,
  );
}

/** Whether words of harm are in a passage's text. */
export function hasHarmWords(text: string): boolean {
  return HARM_WORDS.test(plain(text));
}

/** A passage the guide may quote and an engine may be given: not on the list, no words of harm. */
export function quotable(p: Where & { text?: string }): boolean {
  return !neverQuoteEntry(p) && !(p.text !== undefined && hasHarmWords(p.text));
}
