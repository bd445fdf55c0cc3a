import { z } from 'zod';

/**
 * The scripture library's API contract (issue: Scripture library). Routes live under
 * /api/scripture and need a signed-in user with the plan's `bible` flag, except where noted.
 * Validation messages are i18n keys of the `validation` namespace.
 */

/** The 13 religions of SPEC.md §3, in display order. */
export const RELIGIONS = [
  'christianity',
  'judaism',
  'islam',
  'hinduism',
  'buddhism',
  'sikhism',
  'bahai',
  'taoism',
  'confucianism',
  'shinto',
  'zoroastrianism',
  'jainism',
  'gnosticism',
] as const;
export type Religion = (typeof RELIGIONS)[number];

/** The 14 books of SPEC.md §3 and the religions they belong to (a book may serve several). */
export const SACRED_BOOKS = {
  bible: ['christianity', 'gnosticism'],
  torah: ['judaism'],
  quran: ['islam'],
  vedas: ['hinduism'],
  bhagavadGita: ['hinduism'],
  tripitaka: ['buddhism'],
  dhammapada: ['buddhism'],
  guruGranthSahib: ['sikhism'],
  kitabIAqdas: ['bahai'],
  taoTeChing: ['taoism'],
  analects: ['confucianism'],
  kojiki: ['shinto'],
  avesta: ['zoroastrianism'],
  agamas: ['jainism'],
} as const satisfies Record<string, readonly Religion[]>;
export type SacredBookKey = keyof typeof SACRED_BOOKS;
export const SACRED_BOOK_KEYS = Object.keys(SACRED_BOOKS) as SacredBookKey[];

/** Text languages (of the content, not the interface). */
export const TEXT_LANGUAGES = ['pt', 'en', 'es'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** Default Bible per interface locale (issue 4): Bíblia Livre, King James, Reina-Valera 1909. */
export const DEFAULT_BIBLE_BY_LOCALE = { 'pt-BR': 'porblivre', 'en-US': 'kjv', 'es-ES': 'sparv1909' } as const;

/** The eight verse/quote themes of SPEC.md §3. */
export const THEMES = ['anxiety', 'peace', 'strength', 'hope', 'love', 'comfort', 'wisdom', 'perseverance'] as const;
export type Theme = (typeof THEMES)[number];

// ---------- Validation messages (keys in the `validation` namespace) ----------
export const SV = {
  noteRequired: 'validation:note.required',
  noteTooLong: 'validation:note.tooLong',
  verseRange: 'validation:verse.range',
  searchRequired: 'validation:search.required',
  searchTooLong: 'validation:search.tooLong',
} as const;

export const NOTE_MAX = 5000;
export const SEARCH_MAX = 200;
export const SEARCH_PAGE_SIZE = 20;

const textId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/);
const bookCode = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9-]+$/);
const chapter = z.coerce.number().int().min(1).max(1000);
const verse = z.coerce.number().int().min(1).max(1000);

export const chapterParamsSchema = z.strictObject({ textId, book: bookCode, chapter });

/** A verse or a range within one chapter. */
export const passageRefSchema = z
  .strictObject({ textId, book: bookCode, chapter, verseStart: verse, verseEnd: verse })
  .refine((v) => v.verseEnd >= v.verseStart, { message: SV.verseRange, path: ['verseEnd'] });

export const createFavouriteSchema = passageRefSchema;
export const createNoteSchema = z
  .strictObject({
    textId,
    book: bookCode,
    chapter,
    verseStart: verse,
    verseEnd: verse,
    body: z.string({ error: SV.noteRequired }).trim().min(1, SV.noteRequired).max(NOTE_MAX, SV.noteTooLong),
  })
  .refine((v) => v.verseEnd >= v.verseStart, { message: SV.verseRange, path: ['verseEnd'] });
export const updateNoteSchema = z.strictObject({
  body: z.string({ error: SV.noteRequired }).trim().min(1, SV.noteRequired).max(NOTE_MAX, SV.noteTooLong),
});
export const idParamsSchema = z.strictObject({ id: z.uuid() });

export const listAnnotationsQuerySchema = z.strictObject({
  textId: textId.optional(),
  /** Free-text filter on the note body (notes only). */
  q: z.string().max(SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const searchQuerySchema = z.strictObject({
  q: z.string({ error: SV.searchRequired }).trim().min(1, SV.searchRequired).max(SEARCH_MAX, SV.searchTooLong),
  /** Restrict to one text; all installed texts when absent. */
  textId: textId.optional(),
  /** Restrict to the Bible ('bible') or to the other sacred books ('books'). */
  scope: z.enum(['all', 'bible', 'books']).default('all'),
  page: z.coerce.number().int().min(1).max(500).default(1),
});

export const positionSchema = z.strictObject({ textId, book: bookCode, chapter, verse: verse.optional() });
export const positionQuerySchema = z.strictObject({ scope: z.enum(['bible', 'books']).default('bible') });

// ---------- Responses ----------
export interface TextDto {
  id: string;
  bookKey: SacredBookKey;
  language: TextLanguage;
  title: string;
  abbreviation: string;
  translator: string | null;
  year: string | null;
  licence: string;
  attribution: string;
  sourceUrl: string | null;
  verseCount: number;
}

export interface CatalogueBookDto {
  key: SacredBookKey;
  religions: Religion[];
  /** Installed texts of this book; empty means "coming soon". */
  texts: TextDto[];
}

export interface CatalogueDto {
  religions: Religion[];
  books: CatalogueBookDto[];
}

export interface BookDto {
  code: string;
  ordinal: number;
  name: string;
  chapters: number;
}

export interface VerseDto {
  /** Verse number. */
  n: number;
  /** Clean text. */
  t: string;
  /** Starts a paragraph. */
  p?: true;
  /** Heading shown before the verse. */
  h?: string;
}

export interface ChapterLinkDto {
  book: string;
  bookName: string;
  chapter: number;
}

export interface ChapterDto {
  text: TextDto;
  book: BookDto;
  chapter: number;
  verses: VerseDto[];
  prev: ChapterLinkDto | null;
  next: ChapterLinkDto | null;
}

export interface AnnotationBase {
  id: string;
  textId: string;
  book: string;
  bookName: string;
  chapter: number;
  verseStart: number;
  verseEnd: number;
  /** The verses' text, joined, for list pages. */
  excerpt: string;
  /** Human reference in the text's own book names, e.g. "João 3:16-17". */
  reference: string;
  createdAt: string;
}
export type FavouriteDto = AnnotationBase;
export interface NoteDto extends AnnotationBase {
  body: string;
  updatedAt: string;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The current user's favourites and notes on one chapter. */
export interface ChapterAnnotationsDto {
  favourites: FavouriteDto[];
  notes: NoteDto[];
}

/**
 * Search highlights come as plain text with the marks \u0001 (start) and \u0002 (end), so the
 * client renders <mark> without ever injecting HTML.
 */
export const HIGHLIGHT_START = '\u0001';
export const HIGHLIGHT_END = '\u0002';

export interface SearchHitDto {
  textId: string;
  textAbbreviation: string;
  language: TextLanguage;
  book: string;
  bookName: string;
  chapter: number;
  verse: number;
  reference: string;
  /** Verse text with highlight marks. */
  snippet: string;
  rank: number;
}

export type SearchResultDto =
  | {
      kind: 'passage';
      /** The reference as understood, in the text's book names. */
      reference: string;
      chapter: ChapterDto;
      verseStart: number;
      verseEnd: number;
    }
  | { kind: 'results'; query: string; total: number; page: number; pageSize: number; hits: SearchHitDto[] };

export interface PositionDto {
  textId: string;
  book: string;
  chapter: number;
  verse: number | null;
  updatedAt: string;
}

export interface QuoteDto {
  text: string;
  reference: string;
  textId: string;
  book: string;
  chapter: number;
  verse: number;
}

export interface ThemeDto {
  theme: Theme;
  quotes: QuoteDto[];
}

export interface VerseOfTheDayDto extends QuoteDto {
  /** YYYY-MM-DD (UTC) the verse belongs to. */
  date: string;
}
