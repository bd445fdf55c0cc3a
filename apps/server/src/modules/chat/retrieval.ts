import type { ChatLanguage, ChatTheme } from '@candeia/shared/schemas/chat';
import type { TextLanguage } from '@candeia/shared/schemas/scripture';
import type { Db } from '../../db/client.ts';
import { scriptureCache, type TextsSnapshot } from '../scripture/index.ts';
import { findReferences, formatReference } from '../scripture/index.ts';
import { passagesText, type PassageKey, type PassageText, type TextRow } from '../scripture/index.ts';
import { preferredBible } from '../scripture/index.ts';
import type { Deps } from '../../types.ts';
import type { Passage } from './engine.ts';
import { LOCALE_OF, namedSacredTexts } from './grounding.ts';
import { quotable } from './never-quote.ts';
import { THEME_PASSAGES, type GuideRef } from './guide/theme-passages.ts';

/**
 * Retrieval: the passages an answer may quote, read from the installed texts. Only two kinds: the
 * passages the message names itself ("o que significa João 3:16?"), then the themed passages
 * of its strongest themes. Nothing else: a word search of the message would pick verses by
 * accident ("viver" finds "A la hechicera no dejarás que viva"), so it never supplies a quote;
 * when nothing fits, the answer quotes nothing. Passages on the never-quote list, or holding
 * words of harm, are dropped whatever brought them (never-quote.ts). Only what is installed
 * comes back.
 */

/** Themed candidates per theme at the most. */
const PER_THEME = 6;
const MAX_PASSAGES = 8;

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

export interface RetrieveInput {
  message: string;
  language: ChatLanguage;
  themes: ChatTheme[];
  random?: () => number;
}

export async function retrieve(deps: Pick<Deps, 'db'>, input: RetrieveInput): Promise<Passage[]> {
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
  // A sacred book the message names (no chapter): its passages chosen for the message's themes,
  // else its passages chosen for any theme — from that book, as asked.
  for (const textId of namedSacredTexts(input.message)) {
    const text = snap.byId.get(textId);
    if (!text) continue;
    const all = Object.entries(THEME_PASSAGES).flatMap(([theme, refs]) =>
      refs
        .filter(isTextRef)
        .filter((r) => r.textId === textId)
        .map((r) => ({ r, theme: theme as ChatTheme })),
    );
    const fitting = all.filter((x) => input.themes.includes(x.theme));
    for (const { r, theme } of shuffle(fitting.length ? fitting : all, random).slice(0, 2))
      wanted.push({
        text,
        theme,
        source: 'named',
        key: { textId: text.id, book: null, chapter: r.chapter, verseStart: r.verse, verseEnd: r.to ?? r.verse },
      });
  }
  wanted.push(...themed(snap, bible, input.themes, random));

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
    if (!quotable(passage)) continue;
    const id = `${passage.textId}:${passage.book}:${passage.chapter}:${passage.verseStart}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(passage);
    if (out.length >= MAX_PASSAGES) break;
  }
  return out;
}
