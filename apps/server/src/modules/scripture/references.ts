import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';
import * as es from 'bible-passage-reference-parser/esm/lang/es.js';
import * as pt from 'bible-passage-reference-parser/esm/lang/pt.js';
import type { Locale } from '@candeia/shared/constants';
import { TEXT_LANGUAGES, type TextLanguage } from '@candeia/shared/schemas/scripture';

/**
 * Bible references typed in the search box ("João 3:16", "Jn 3:16", "Juan 3:16-18", "Gênesis 1"),
 * read with bible-passage-reference-parser in the reader's language first, then in the others.
 */

/** The language a reference is read in: a text language (the parsers of pt, en and es). */
export type RefLanguage = TextLanguage;

/** A passage within one chapter; `verseEnd` null means "to the end of the chapter". */
export interface ParsedReference {
  /** OSIS book code, e.g. 'John', '1Cor'. */
  book: string;
  chapter: number;
  verseStart: number;
  verseEnd: number | null;
  /** The parser (language) that understood it. */
  language: RefLanguage;
}

const LANGS = { pt, en, es } as const;
const LOCALE_LANGUAGE: Record<Locale, RefLanguage> = { 'pt-BR': 'pt', 'en-US': 'en', 'es-ES': 'es' };

type Parser = InstanceType<typeof bcv_parser>;
const parsers = new Map<string, Parser>();

/**
 * One parser per language, punctuation style and use. Portuguese and Spanish readers also write
 * "João 3,16" (comma between chapter and verse): the 'eu' style reads that one. For prose (an
 * answer of the guide), each reference of a sequence stands apart, and impossible ones are kept
 * so that they can be marked.
 */
function parser(language: RefLanguage, punctuation: 'us' | 'eu', use: 'query' | 'prose' = 'query'): Parser {
  const key = `${language}:${punctuation}:${use}`;
  let p = parsers.get(key);
  if (!p) {
    p = new bcv_parser(LANGS[language]);
    p.set_options({
      punctuation_strategy: punctuation,
      // A book name alone ("Lucas") is a word to search for, not a reference.
      book_alone_strategy: 'ignore',
      captive_end_digits_strategy: 'include',
      versification_system: 'kjv',
      osis_compaction_strategy: 'bc',
      ...(use === 'prose'
        ? {
            invalid_passage_strategy: 'include',
            invalid_sequence_strategy: 'include',
            sequence_combination_strategy: 'separate',
          }
        : { invalid_passage_strategy: 'ignore' }),
    });
    parsers.set(key, p);
  }
  return p;
}

/** Compiles the parsers' grammars ahead of the first search (about 50 ms each). */
export function warmUpReferenceParsers(): void {
  for (const l of Object.keys(LANGS) as RefLanguage[]) parseWith(l, 'João 3:16');
}

/** Only separators may be left over once the references are taken out of the query. */
const LEFTOVER = /^[\s,;.:()[\]]*$/u;

interface OsisPoint {
  book: string;
  chapter: number | null;
  verse: number | null;
}

function osisPoint(s: string): OsisPoint | null {
  const m = /^([1-4]?[A-Za-z]+)(?:\.(\d+)(?:\.(\d+))?)?$/.exec(s);
  if (!m) return null;
  return { book: m[1]!, chapter: m[2] ? Number(m[2]) : null, verse: m[3] ? Number(m[3]) : null };
}

function parseWith(language: RefLanguage, query: string): ParsedReference | null {
  const style = language !== 'en' && /\d\s*,\s*\d/.test(query) && !query.includes(':') ? 'eu' : 'us';
  let found;
  try {
    found = parser(language, style).parse(query).osis_and_indices();
  } catch {
    return null;
  }
  if (found.length === 0) return null;
  // The whole query must be references: "o amor de Jo 3" is a word search.
  let rest = query;
  for (const f of [...found].sort((a, b) => b.indices[0] - a.indices[0]))
    rest = rest.slice(0, f.indices[0]) + rest.slice(f.indices[1]);
  if (!LEFTOVER.test(rest)) return null;

  // The first passage counts; later pieces in the same chapter widen its verse range ("Mt 5:3, 7").
  const parts = found[0]!.osis.split(',');
  const [from, to] = parts[0]!.split('-');
  const start = osisPoint(from!);
  const end = to ? osisPoint(to) : null;
  if (!start) return null;
  const chapter = start.chapter ?? 1;
  const verseStart = start.verse ?? 1;
  let verseEnd: number | null;
  if (end) {
    const sameChapter = end.book === start.book && (end.chapter ?? 1) === chapter;
    verseEnd = sameChapter && end.verse !== null ? end.verse : null;
  } else {
    verseEnd = start.verse;
  }
  for (const more of parts.slice(1)) {
    const [a, b] = more.split('-');
    const p = osisPoint(a!);
    const q = b ? osisPoint(b) : p;
    if (!p || !q || p.book !== start.book || p.chapter !== chapter || q.chapter !== chapter) break;
    if (verseEnd === null || p.verse === null || q.verse === null) break;
    verseEnd = Math.max(verseEnd, q.verse);
  }
  return { book: start.book, chapter, verseStart, verseEnd, language };
}

/**
 * The query as a Bible reference, or null: tried in the reader's language first, then in the
 * other two ("Jn 3:16" from a Portuguese reader is still John 3:16).
 */
export function parseReference(query: string, locale: Locale): ParsedReference | null {
  const q = query.normalize('NFC').trim();
  // A reference has a digit (chapter) and is short; anything else is a word search.
  if (!/\d/.test(q) || q.length > 60) return null;
  const first = LOCALE_LANGUAGE[locale];
  const order: RefLanguage[] = [first, ...TEXT_LANGUAGES.filter((l) => l !== first)];
  for (const language of order) {
    const ref = parseWith(language, q);
    if (ref) return ref;
  }
  return null;
}

/** "João 3:16", "João 3:16-18", "Gênesis 1" (a whole chapter). */
export { formatReference } from '@candeia/shared/scripture';

/** A Bible reference found inside running text, with where it stands. */
export interface FoundReference {
  /** The exact text of the reference and its position in the searched text. */
  label: string;
  start: number;
  end: number;
  /** Null when no Bible has such a passage ("Mateus 99:99"). */
  passage: ParsedReference | null;
}

/** "Os 3 passos": a short book abbreviation with a bare number is a word, not a reference. */
const CHAPTER_VERSE = /\d\s*[:.,]\s*\d/;
const BOOK_WORD = /^[1-4]?\s*[\p{L}]{4,}/u;

/**
 * Every Bible reference in a piece of prose (an answer of the guide), read in `first`'s language,
 * then in the others for what is left: "Como diz João 3:16 e Salmos 23" gives two. A reference
 * must name a chapter and verse, or spell its book with four letters or more ("Salmos 23"), so
 * that abbreviations in ordinary words are not taken for books. One that no Bible has (a chapter
 * or verse past the book's end) is found too, with no passage.
 */
export function findReferences(text: string, first: RefLanguage): FoundReference[] {
  const order: RefLanguage[] = [first, ...TEXT_LANGUAGES.filter((l) => l !== first)];
  const found: FoundReference[] = [];
  const taken = (s: number, e: number) => found.some((f) => s < f.end && e > f.start);
  for (const language of order) {
    const style = language !== 'en' && /\d\s*,\s*\d/.test(text) && !/\d:\d/.test(text) ? 'eu' : 'us';
    let entities;
    try {
      entities = parser(language, style, 'prose').parse(text).parsed_entities();
    } catch {
      continue;
    }
    for (const e of entities) {
      const raw = text.slice(e.indices[0], e.indices[1]);
      const start = e.indices[0] + (raw.length - raw.trimStart().length);
      const label = raw.trim();
      const end = start + label.length;
      if (!label || taken(start, end)) continue;
      if (!CHAPTER_VERSE.test(label) && !BOOK_WORD.test(label)) continue;
      if (!e.osis) {
        found.push({ label, start, end, passage: null });
        continue;
      }
      const [from, to] = e.osis.split(',')[0]!.split('-');
      const a = osisPoint(from!);
      const b = to ? osisPoint(to) : null;
      if (!a || a.chapter === null) continue;
      const sameChapter = b !== null && b.book === a.book && b.chapter === a.chapter;
      const verseEnd = a.verse === null ? null : sameChapter && b.verse !== null ? b.verse : a.verse;
      found.push({
        label,
        start,
        end,
        passage: { book: a.book, chapter: a.chapter, verseStart: a.verse ?? 1, verseEnd, language },
      });
    }
  }
  return found.sort((x, y) => x.start - y.start);
}
