import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';
import * as es from 'bible-passage-reference-parser/esm/lang/es.js';
import * as pt from 'bible-passage-reference-parser/esm/lang/pt.js';
import type { Locale } from '@candeia/shared/constants';

/**
 * Bible references typed in the search box ("João 3:16", "Jn 3:16", "Juan 3:16-18", "Gênesis 1"),
 * read with bible-passage-reference-parser in the reader's language first, then in the others.
 */

export type RefLanguage = 'pt' | 'en' | 'es';

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
 * One parser per language and punctuation style. Portuguese and Spanish readers also write
 * "João 3,16" (comma between chapter and verse): the 'eu' style reads that one.
 */
function parser(language: RefLanguage, punctuation: 'us' | 'eu'): Parser {
  const key = `${language}:${punctuation}`;
  let p = parsers.get(key);
  if (!p) {
    p = new bcv_parser(LANGS[language]);
    p.set_options({
      punctuation_strategy: punctuation,
      // A book name alone ("Lucas") is a word to search for, not a reference.
      book_alone_strategy: 'ignore',
      captive_end_digits_strategy: 'include',
      versification_system: 'kjv',
      invalid_passage_strategy: 'ignore',
      osis_compaction_strategy: 'bc',
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
  const order: RefLanguage[] = [first, ...(['pt', 'en', 'es'] as const).filter((l) => l !== first)];
  for (const language of order) {
    const ref = parseWith(language, q);
    if (ref) return ref;
  }
  return null;
}

/** "João 3:16", "João 3:16-18", "Gênesis 1" (a whole chapter). */
export function formatReference(bookName: string, chapter: number, verseStart?: number, verseEnd?: number): string {
  if (verseStart === undefined) return `${bookName} ${chapter}`;
  const range = verseEnd !== undefined && verseEnd > verseStart ? `${verseStart}-${verseEnd}` : `${verseStart}`;
  return `${bookName} ${chapter}:${range}`;
}
