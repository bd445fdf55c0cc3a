import type { Locale } from '@candeia/shared/constants';
import {
  SEARCH_PAGE_SIZE,
  type SearchHitDto,
  type SearchResultDto,
  type TextLanguage,
} from '@candeia/shared/schemas/scripture';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { scriptureCache } from './cache.ts';
import { isContentLanguage } from './content/types.ts';
import { formatReference, parseReference } from './references.ts';
import type { TextRow } from './repository.ts';
import * as searchRepo from './search-repository.ts';
import { chapterDto, findChapter, preferredBible } from './service.ts';
import { alternatives } from './word-families.ts';

export interface SearchInput {
  q: string;
  textId?: string | undefined;
  scope: 'all' | 'bible' | 'books';
  page: number;
}

const isBible = (t: TextRow) => t.bookKey === 'bible';

/**
 * GET /search: a Bible reference ("João 3:16", "Jn 3:16", "Juan 3:16-18", "Gênesis 1") opens the
 * passage; anything else is a full-text search over the installed texts.
 */
export async function search(deps: Deps, actor: Actor, input: SearchInput): Promise<SearchResultDto> {
  const snap = await scriptureCache(deps.db).texts();
  let texts = snap.list;
  if (input.textId) {
    const text = snap.byId.get(input.textId);
    if (!text) throw new AppError('NOT_FOUND');
    texts = [text];
  } else if (input.scope !== 'all') {
    texts = texts.filter((t) => isBible(t) === (input.scope === 'bible'));
  }

  if (input.scope !== 'books' && (!input.textId || isBible(texts[0]!))) {
    const bible = input.textId ? texts[0]! : preferredBible(snap, actor.locale);
    if (bible) {
      const passage = await findPassage(deps.db, input.q, actor.locale, bible);
      if (passage) return passage;
    }
  }
  return fullText(deps.db, texts, input.q, actor.locale, input.page);
}

async function findPassage(
  db: Db,
  q: string,
  locale: Locale,
  bible: TextRow,
): Promise<Extract<SearchResultDto, { kind: 'passage' }> | null> {
  const ref = parseReference(q, locale);
  if (!ref) return null;
  const entry = await findChapter(db, { textId: bible.id, book: ref.book, chapter: ref.chapter });
  if (!entry || ref.verseStart > entry.lastVerse) return null;
  const verseStart = Math.max(ref.verseStart, entry.firstVerse);
  const verseEnd = Math.min(ref.verseEnd ?? entry.lastVerse, entry.lastVerse);
  const whole = ref.verseEnd === null && ref.verseStart === 1;
  return {
    kind: 'passage',
    reference: whole
      ? formatReference(entry.book.name, entry.chapter)
      : formatReference(entry.book.name, entry.chapter, verseStart, verseEnd),
    chapter: chapterDto(entry),
    verseStart,
    verseEnd,
  };
}

/** More words than this and the query is taken as it is, without word families. */
const MAX_EXPANDED_WORDS = 12;
/** Quotes, a leading minus or the word "or": the reader wrote web-search syntax; respect it. */
const ADVANCED = /["“”]|(?:^|\s)-\S|(?:^|\s)or(?:\s|$)/i;
/**
 * The rank (ts_rank_cd, divided by the verse's length) favours short verses, so only the
 * CANDIDATES shortest matches (reader's language first) are ranked; the rest follow by length.
 * For a common word ("amor": 1,000 verses; "Lord": 9,000) this keeps the ranking work small,
 * and the first pages are what a full ranking would give. A multiple of the page size, so a
 * page never straddles the two orders.
 */
export const CANDIDATES = 200;
if (CANDIDATES % SEARCH_PAGE_SIZE !== 0) throw new Error('CANDIDATES must be a multiple of SEARCH_PAGE_SIZE');

const quoteLexeme = (l: string) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

interface ConfigGroup {
  config: string;
  language: string;
  texts: TextRow[];
}

/**
 * The query as a tsquery (text form) per text-search configuration, or null where it cannot
 * match. Plain words: each word or any of its family (see word-families.ts), all words
 * required, stop words dropped; alternatives whose lexemes never occur in those texts are left
 * out (cheaper ranking), and a word none of whose forms occurs rules the configuration out.
 * Web-search syntax ("…", -word, or) is passed to websearch_to_tsquery as written.
 */
async function tsqueries(db: Db, groups: ConfigGroup[], q: string, version: string): Promise<(string | null)[]> {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  const lexicons = groups.map((g) => lexicon(db, version, g));
  if (ADVANCED.test(q) || words.length > MAX_EXPANDED_WORDS) {
    const rows = await searchRepo.websearchQueries(
      db,
      groups.map((g) => g.config),
      q,
    );
    const out: (string | null)[] = groups.map(() => null);
    for (const r of rows) {
      // Nothing to look up in the index (only stop words, or only exclusions): no results.
      if (!r.query || r.tree === 'T' || r.tree === '') continue;
      const known = lexicons[r.n];
      const lexemes = [...r.query.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
      if (known && !lexemes.some((l) => known.has(l))) continue;
      out[r.n] = r.query;
    }
    return out;
  }
  if (words.length === 0) return groups.map(() => null);

  const byGroup = groups.map((g) =>
    words.map((w) =>
      (isContentLanguage(g.language) ? alternatives(w, g.language) : [w]).map((word) => ({
        word,
        key: `${g.config}\u0000${word}`,
      })),
    ),
  );
  await stem(
    db,
    byGroup.flatMap((perWord, n) => perWord.flat().map(({ word }) => ({ config: groups[n]!.config, word }))),
  );

  return byGroup.map((perWord, n) => {
    const known = lexicons[n];
    const parts: string[] = [];
    for (const forms of perWord) {
      const alts = forms.map((f) => stems.get(f.key)!);
      // A stop word drops out with its family (and its made-up archaic forms).
      if (!alts[0]?.length) continue;
      const kept = alts.filter((lx) => lx?.length && (!known || lx.every((l) => known.has(l))));
      // No form of this word occurs in these texts: nothing here can match.
      if (kept.length === 0) return null;
      const unique = [...new Map(kept.map((lx) => [lx.join('&'), lx])).values()];
      parts.push(`(${unique.map((lx) => lx.map(quoteLexeme).join(' & ')).join(' | ')})`);
    }
    return parts.length ? parts.join(' & ') : null;
  });
}

/** Words → lexemes per configuration, as the database's stemmer gives them (they never change). */
const stems = new Map<string, string[]>();
const MAX_STEMS = 20_000;

/** Looks up (one statement) the words not stemmed before. */
async function stem(db: Db, words: Array<{ config: string; word: string }>): Promise<void> {
  const missing = new Map<string, { config: string; word: string }>();
  for (const w of words) {
    const key = `${w.config}\u0000${w.word}`;
    if (!stems.has(key)) missing.set(key, w);
  }
  if (missing.size === 0) return;
  const list = [...missing.entries()];
  const rows = await searchRepo.stemWords(
    db,
    list.map(([, w]) => w),
  );
  if (stems.size + list.length > MAX_STEMS) stems.clear();
  for (const r of rows) stems.set(list[r.i]![0], r.lexemes);
}

/**
 * The lexemes present in a configuration's texts (ts_stat), built in the background once per
 * version of the installed texts; null until ready (the query is then used unpruned).
 */
const lexiconCache = new WeakMap<Db, Map<string, Set<string> | null>>();
const lexiconBuilds = new WeakMap<Db, Set<Promise<unknown>>>();

/** Resolves once the lexicons being built for this database are ready (tests). */
export async function lexiconsSettled(db: Db): Promise<void> {
  await Promise.all([...(lexiconBuilds.get(db) ?? [])]);
}

function lexicon(db: Db, version: string, g: ConfigGroup): Set<string> | null {
  let perDb = lexiconCache.get(db);
  if (!perDb) lexiconCache.set(db, (perDb = new Map()));
  const key = `${version}#${g.config}#${g.texts.map((t) => t.id).join(',')}`;
  if (perDb.has(key)) return perDb.get(key)!;
  for (const k of perDb.keys()) if (!k.startsWith(`${version}#`)) perDb.delete(k);
  perDb.set(key, null);
  const build = searchRepo
    .textLexemes(
      db,
      g.texts.map((t) => t.id),
    )
    .then((words) => perDb.set(key, new Set(words)))
    // Left at null (no pruning) for this version of the texts: searching still works.
    .catch(() => {});
  let builds = lexiconBuilds.get(db);
  if (!builds) lexiconBuilds.set(db, (builds = new Set()));
  builds.add(build);
  void build.finally(() => builds.delete(build));
  return null;
}

/**
 * Ranked full-text search. Each text is searched with its own configuration (stemming and
 * accents of its language) through the GIN index; texts in the reader's language come first,
 * then by rank (ts_rank_cd: cover density, so words close together count more, divided by the
 * verse's length). Only the page's rows are highlighted.
 */
async function fullText(
  db: Db,
  texts: TextRow[],
  q: string,
  locale: Locale,
  page: number,
): Promise<Extract<SearchResultDto, { kind: 'results' }>> {
  const empty = { kind: 'results' as const, query: q, total: 0, page, pageSize: SEARCH_PAGE_SIZE, hits: [] };
  if (texts.length === 0) return empty;
  const language = locale.slice(0, 2);
  const byConfig = new Map<string, ConfigGroup>();
  for (const t of texts) {
    const g = byConfig.get(t.searchConfig) ?? { config: t.searchConfig, language: t.language, texts: [] };
    g.texts.push(t);
    byConfig.set(t.searchConfig, g);
  }
  const groups = [...byConfig.values()];
  const { version, list: installed } = await scriptureCache(db).texts();
  const queries = await tsqueries(db, groups, q, version);
  const active = groups.map((g, n) => ({ ...g, n, query: queries[n] })).filter((g) => g.query !== null);
  if (active.length === 0) return empty;

  const rows = await searchRepo.searchVerses(
    db,
    active.map((g) => ({
      n: g.n,
      config: g.config,
      query: g.query!,
      textIds: g.texts.map((t) => t.id),
      preferredIds: g.texts.filter((t) => t.language === language).map((t) => t.id),
      allOfConfig: installed.filter((t) => t.searchConfig === g.config).length === g.texts.length,
    })),
    { offset: (page - 1) * SEARCH_PAGE_SIZE, pageSize: SEARCH_PAGE_SIZE, candidates: CANDIDATES },
  );

  const total = rows[0]?.total ?? 0;
  const byId = new Map(texts.map((t) => [t.id, t]));
  const hits: SearchHitDto[] = rows
    .filter((r) => r.text_id !== null)
    .map((r) => {
      const text = byId.get(r.text_id!)!;
      return {
        textId: text.id,
        textAbbreviation: text.abbreviation,
        language: text.language as TextLanguage,
        book: r.book,
        bookName: r.book_name,
        chapter: r.chapter,
        verse: r.verse,
        reference: formatReference(r.book_name, r.chapter, r.verse),
        snippet: r.snippet,
        rank: Number(r.rank),
      };
    });
  return { kind: 'results', query: q, total, page, pageSize: SEARCH_PAGE_SIZE, hits };
}
