import type { Locale } from '@candeia/shared/constants';
import type { ChatLanguage, CitationDto } from '@candeia/shared/schemas/chat';
import type { Db } from '../../db/client.ts';
import { scriptureCache } from '../scripture/index.ts';
import { findReferences } from '../scripture/index.ts';
import { passagesText, type PassageKey } from '../scripture/index.ts';
import { preferredBible } from '../scripture/index.ts';
import type { Passage } from './engine.ts';
import { quotable } from './never-quote.ts';

/**
 * Grounding: every reference in an answer is checked against the installed texts. A passage the
 * answer was given (retrieved for it) is linked where its reference stands; any other Bible
 * reference, or a reference to another sacred book, is looked up: found, it links into the
 * reader (unless it is on the never-quote list, never-quote.ts: then it stays plain text); not
 * found, it is marked as unverified and never linked.
 */

export const LOCALE_OF: Record<ChatLanguage, Locale> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

/** Names of the other sacred books as people write them, and the text each is read from. */
const SACRED_NAMES: Array<[RegExp, string]> = [
  [/^(?:alcor[ãa]o|cor[ãa]o|qur['’]?[āa]n|koran|cor[áa]n)$/iu, 'quran-pickthall'],
  [/^tao te (?:ching|king)$/iu, 'tao-te-ching-legge'],
  [/^bhagavad[- ]g[iī]t[aā]$/iu, 'bhagavad-gita-arnold'],
  [/^dhammapada$/iu, 'dhammapada-muller'],
  [/^anal[eé]ct(?:os|s|as)(?: de conf[uú]cio| of confucius)?$/iu, 'analects-legge'],
];
/** A sacred book named anywhere in a message ("O que o Dhammapada diz sobre a raiva?"). */
const SACRED_NAME_IN_TEXT =
  /(?<!\p{L})(alcor[ãa]o|cor[ãa]o|qur['’]?[āa]n|koran|cor[áa]n|tao te (?:ching|king)|bhagavad[- ]g[iī]t[aā]|dhammapada|anal[eé]ct(?:os|s|as)(?: de conf[uú]cio| of confucius)?)(?!\p{L})/giu;

/** The ids of the sacred texts (other than the Bible) a message names, in the order named. */
export function namedSacredTexts(text: string): string[] {
  const ids: string[] = [];
  for (const m of text.matchAll(SACRED_NAME_IN_TEXT)) {
    const id = SACRED_NAMES.find(([re]) => re.test(m[1]!.trim()))?.[1];
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

const SACRED_REFERENCE =
  /(Alcor[ãa]o|Cor[ãa]o|Qur['’]?[āa]n|Koran|Cor[áa]n|Tao Te (?:Ching|King)|Bhagavad[- ]G[iī]t[aā]|Dhammapada|Anal[eé]ct(?:os|s|as)(?: de Conf[uú]cio| of Confucius)?)(?:,)?\s+(?:(?:cap[íi]tulo|chapter|cap\.|ch\.|surah?|surata|sura)\s+)?(\d{1,3})(?:\s*[:.,]\s*(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?)?/giu;

interface Candidate {
  label: string;
  start: number;
  end: number;
  key: PassageKey | null;
  bookKey: string | null;
}

const overlaps = (spans: Array<{ start: number; end: number }>, s: number, e: number) =>
  spans.some((x) => s < x.end && e > x.start);

function citationOf(
  label: string,
  p: { textId: string; bookKey: string; book: string; chapter: number },
  verse: number | null,
  verseEnd: number | null,
): CitationDto {
  return {
    label,
    valid: true,
    textId: p.textId,
    bookKey: p.bookKey,
    book: p.book,
    chapter: p.chapter,
    verse,
    verseEnd,
  };
}

const invalid = (label: string): CitationDto => ({
  label,
  valid: false,
  textId: null,
  bookKey: null,
  book: null,
  chapter: null,
  verse: null,
  verseEnd: null,
});

/**
 * The citations of an answer, checked. `passages` are those the answer was given; `language` is
 * the answer's, whose Bible other Bible references are looked up in.
 */
export async function checkCitations(
  db: Db,
  text: string,
  passages: Passage[],
  language: ChatLanguage,
): Promise<CitationDto[]> {
  const out = new Map<string, CitationDto>();
  const spans: Array<{ start: number; end: number }> = [];

  // 1. The passages the answer was given, where their reference stands as written.
  for (const p of passages) {
    let at = text.indexOf(p.reference);
    if (at < 0) continue;
    out.set(p.reference, citationOf(p.reference, p, p.verseStart, p.verseEnd));
    while (at >= 0) {
      spans.push({ start: at, end: at + p.reference.length });
      at = text.indexOf(p.reference, at + p.reference.length);
    }
  }

  // 2. Any other reference: looked up in the installed texts.
  const snap = await scriptureCache(db).texts();
  const bible = preferredBible(snap, LOCALE_OF[language]);
  const candidates: Candidate[] = [];
  for (const f of findReferences(text, language)) {
    if (overlaps(spans, f.start, f.end) || out.has(f.label)) continue;
    const key =
      f.passage && bible
        ? {
            textId: bible.id,
            book: f.passage.book,
            chapter: f.passage.chapter,
            verseStart: f.passage.verseStart,
            verseEnd: f.passage.verseEnd ?? f.passage.verseStart,
          }
        : null;
    candidates.push({ label: f.label, start: f.start, end: f.end, key, bookKey: 'bible' });
  }
  for (const m of text.matchAll(SACRED_REFERENCE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (overlaps(spans, start, end) || candidates.some((c) => start < c.end && end > c.start)) continue;
    const textId = SACRED_NAMES.find(([re]) => re.test(m[1]!.trim()))?.[1];
    const text = textId ? snap.byId.get(textId) : undefined;
    const chapter = Number(m[2]);
    const verse = m[3] ? Number(m[3]) : 1;
    const key = text
      ? { textId: text.id, book: null, chapter, verseStart: verse, verseEnd: m[4] ? Number(m[4]) : verse }
      : null;
    candidates.push({ label: m[0], start, end, key, bookKey: text?.bookKey ?? null });
  }

  const keys: PassageKey[] = [];
  const keyOf = candidates.map((c) => (c.key ? keys.push(c.key) - 1 : -1));
  const found = await passagesText(db, keys);
  for (const [n, c] of candidates.entries()) {
    if (out.has(c.label)) continue;
    if (!c.key) {
      out.set(c.label, invalid(c.label));
      continue;
    }
    const hit = found.get(keyOf[n]!);
    // The whole passage must be there: a range past the chapter's end is not a real reference.
    if (!hit || hit.lastVerse < (c.key.verseEnd ?? c.key.verseStart)) {
      out.set(c.label, invalid(c.label));
      continue;
    }
    // A passage on the never-quote list (or with words of harm) is never linked: plain text.
    const where = { textId: hit.textId, bookKey: c.bookKey ?? 'bible', book: hit.book, chapter: hit.chapter };
    if (!quotable({ ...where, verseStart: hit.verseStart, verseEnd: hit.lastVerse, text: hit.text })) continue;
    const wholeChapter = /^\D*\d+\s*$/.test(c.label);
    out.set(
      c.label,
      citationOf(
        c.label,
        { textId: hit.textId, bookKey: c.bookKey ?? 'bible', book: hit.book, chapter: hit.chapter },
        wholeChapter ? null : hit.verseStart,
        wholeChapter ? null : hit.lastVerse,
      ),
    );
  }
  return [...out.values()];
}
