import type { ChatLanguage, ChatTheme } from '@candeia/shared/schemas/chat';
import type { TextLanguage } from '@candeia/shared/schemas/scripture';
import type { Db } from '../../db/client.ts';
import { scriptureCache, type TextsSnapshot } from '../scripture/cache.ts';
import { findReferences, formatReference } from '../scripture/references.ts';
import { passagesText, type PassageKey, type PassageText, type TextRow } from '../scripture/repository.ts';
import { search } from '../scripture/search.ts';
import { preferredBible } from '../scripture/service.ts';
import type { Actor, Deps } from '../../types.ts';
import type { Passage } from './engine.ts';
import { LOCALE_OF } from './grounding.ts';
import { THEME_PASSAGES, type GuideRef } from './guide/theme-passages.ts';

/**
 * Retrieval: the passages an answer may quote, read from the installed texts. In order: the
 * passages the message names itself ("o que significa João 3:16?"), the themed passages of its
 * strongest themes, then the verses a word search of the message finds in the answer
 * language's Bible. Only what is installed comes back.
 */

/** Themed candidates per theme, and word-search hits, at the most. */
const PER_THEME = 4;
const SEARCH_HITS = 3;
const MAX_PASSAGES = 8;
/** Words shorter than this say little about the subject ("que", "the", "muy"). */
const MIN_KEYWORD = 5;
const MAX_KEYWORDS = 4;

interface Wanted {
  key: PassageKey;
  text: TextRow;
  source: NonNullable<Passage['source']>;
  theme?: ChatTheme;
}

const isTextRef = (r: GuideRef): r is Extract<GuideRef, { textId: string }> => 'textId' in r;

function toPassage(w: Wanted, p: PassageText): Passage {
  return {
    textId: w.text.id,
    bookKey: w.text.bookKey,
    language: w.text.language as TextLanguage,
    abbreviation: w.text.abbreviation,
    book: p.book,
    bookName: p.bookName,
    chapter: p.chapter,
    verseStart: p.verseStart,
    verseEnd: p.lastVerse,
    reference: formatReference(p.bookName, p.chapter, p.verseStart, p.lastVerse),
    text: p.text,
    source: w.source,
    ...(w.theme ? { theme: w.theme } : {}),
  };
}

/** A random order (Fisher–Yates), so two answers on one theme do not quote the same verses. */
function shuffle<T>(items: T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

function themed(snap: TextsSnapshot, bible: TextRow | null, themes: ChatTheme[], random: () => number): Wanted[] {
  const out: Wanted[] = [];
  for (const theme of themes.slice(0, 2)) {
    const refs = shuffle(THEME_PASSAGES[theme] ?? [], random);
    let n = 0;
    for (const r of refs) {
      if (n >= PER_THEME) break;
      const text = isTextRef(r) ? snap.byId.get(r.textId) : bible;
      if (!text) continue;
      out.push({
        text,
        theme,
        source: 'theme',
        key: {
          textId: text.id,
          book: isTextRef(r) ? null : r.book,
          chapter: r.chapter,
          verseStart: r.verse,
          verseEnd: r.to ?? r.verse,
        },
      });
      n++;
    }
  }
  return out;
}

/** The message's longest words, for a word search ("or" between them: any may match). */
export function keywords(message: string): string[] {
  const words = message.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  const unique = [...new Set(words.filter((w) => w.length >= MIN_KEYWORD))];
  return unique.sort((a, b) => b.length - a.length).slice(0, MAX_KEYWORDS);
}

export interface RetrieveInput {
  message: string;
  language: ChatLanguage;
  themes: ChatTheme[];
  /**
   * The word search: always (context for a model), or only when nothing was named or themed
   * (the guide quotes its hits only then, so it is not run for nothing).
   */
  wordSearch: 'always' | 'fallback';
  random?: () => number;
}

export async function retrieve(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  input: RetrieveInput,
): Promise<Passage[]> {
  const db: Db = deps.db;
  const random = input.random ?? Math.random;
  const snap = await scriptureCache(db).texts();
  const locale = LOCALE_OF[input.language];
  const bible = preferredBible(snap, locale);

  const wanted: Wanted[] = [];
  // Passages the message names.
  if (bible)
    for (const f of findReferences(input.message, input.language).slice(0, 3))
      if (f.passage)
        wanted.push({
          text: bible,
          source: 'named',
          key: {
            textId: bible.id,
            book: f.passage.book,
            chapter: f.passage.chapter,
            verseStart: f.passage.verseStart,
            verseEnd: Math.min(f.passage.verseEnd ?? f.passage.verseStart + 2, f.passage.verseStart + 5),
          },
        });
  wanted.push(...themed(snap, bible, input.themes, random));

  // A word search of the message in the answer language's Bible.
  const words = keywords(input.message);
  if (bible && words.length > 0 && (input.wordSearch === 'always' || wanted.length === 0)) {
    const result = await search(
      deps as Deps,
      { ...actor, locale },
      { q: words.join(' or '), textId: bible.id, scope: 'bible', page: 1 },
    ).catch(() => null);
    if (result?.kind === 'results')
      for (const hit of result.hits.slice(0, SEARCH_HITS))
        wanted.push({
          text: bible,
          source: 'search',
          key: { textId: bible.id, book: hit.book, chapter: hit.chapter, verseStart: hit.verse, verseEnd: hit.verse },
        });
  }

  const found = await passagesText(
    db,
    wanted.map((w) => w.key),
  );
  const out: Passage[] = [];
  const seen = new Set<string>();
  for (const [i, w] of wanted.entries()) {
    const p = found.get(i);
    if (!p) continue;
    const passage = toPassage(w, p);
    const id = `${passage.textId}:${passage.book}:${passage.chapter}:${passage.verseStart}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(passage);
    if (out.length >= MAX_PASSAGES) break;
  }
  return out;
}
