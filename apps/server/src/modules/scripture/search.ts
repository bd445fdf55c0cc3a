import { sql } from 'drizzle-orm';
import type { Locale } from '@candeia/shared/constants';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
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
const RANK_NORMALIZATION = 2;
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
    const values = sql.join(
      groups.map((g, n) => sql`(${n}::int, ${g.config}::regconfig)`),
      sql`, `,
    );
    const res = await db.execute<{ n: number; query: string; tree: string }>(sql`
      SELECT c.n, websearch_to_tsquery(c.cfg, ${q})::text AS query, querytree(websearch_to_tsquery(c.cfg, ${q})) AS tree
      FROM (VALUES ${values}) AS c(n, cfg)`);
    const out: (string | null)[] = groups.map(() => null);
    for (const r of res.rows) {
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
  const res = await db.execute<{ i: number; lexemes: string[] }>(sql`
    SELECT a.i, tsvector_to_array(to_tsvector(a.cfg, a.w)) AS lexemes
    FROM (VALUES ${sql.join(
      list.map(([, w], i) => sql`(${i}::int, ${w.config}::regconfig, ${w.word}::text)`),
      sql`, `,
    )}) AS a(i, cfg, w)`);
  if (stems.size + list.length > MAX_STEMS) stems.clear();
  for (const r of res.rows) stems.set(list[r.i]![0], r.lexemes);
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
  const ids = g.texts.map((t) => t.id);
  const build = db
    .execute<{ word: string }>(
      sql`SELECT word FROM ts_stat(format('SELECT tsv FROM scripture_verses WHERE text_id = ANY(%L)', ${sql.param(ids)}::text[]))`,
    )
    .then((res) => perDb.set(key, new Set(res.rows.map((r) => r.word))))
    // Left at null (no pruning) for this version of the texts: searching still works.
    .catch(() => {});
  let builds = lexiconBuilds.get(db);
  if (!builds) lexiconBuilds.set(db, (builds = new Set()));
  builds.add(build);
  void build.finally(() => builds.delete(build));
  return null;
}

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, HighlightAll=true`;

type HitRow = {
  total: number;
  text_id: string | null;
  book: string;
  book_name: string;
  chapter: number;
  verse: number;
  snippet: string;
  rank: number;
};

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

  const list = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const qValues = sql.join(
    active.map((g) => sql`(${g.n}::int, ${g.config}::regconfig, ${g.query}::tsquery)`),
    sql`, `,
  );
  // One branch per configuration, each a GIN index scan with its own (constant) tsquery. The
  // verse's stored size stands in for its length (no need to read the tsvector itself).
  const branches = sql.join(
    active.map((g) => {
      const preferred = g.texts.filter((t) => t.language === language).map((t) => t.id);
      // Usually all or none of a configuration's texts are in the reader's language: a constant.
      const pref =
        preferred.length === 0
          ? sql`false`
          : preferred.length === g.texts.length
            ? sql`true`
            : sql`v.text_id IN (${list(preferred)})`;
      const ids = list(g.texts.map((t) => t.id));
      // All texts of this configuration: the text filter only keeps other languages' verses
      // out, so it is checked on the rows found rather than through the text_id index.
      const all = installed.filter((t) => t.searchConfig === g.config).length === g.texts.length;
      const inTexts = all ? sql`coalesce(v.text_id, '') IN (${ids})` : sql`v.text_id IN (${ids})`;
      return sql`SELECT v.id, pg_column_size(v.tsv) AS len, ${pref} AS pref, ${g.n}::int AS n
        FROM scripture_verses v
        WHERE v.tsv @@ ${g.query}::tsquery AND ${inTexts}`;
    }),
    sql` UNION ALL `,
  );
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const order = sql`h.pref DESC, h.len, h.id`;
  const pageRows =
    offset < CANDIDATES
      ? sql`SELECT c.id, c.pref, c.n, c.len, ts_rank_cd(v.tsv, q.query, ${RANK_NORMALIZATION}::int) AS rank
          FROM (SELECT h.* FROM hits h ORDER BY ${order} LIMIT ${CANDIDATES}) c
          JOIN scripture_verses v ON v.id = c.id JOIN q ON q.n = c.n
          ORDER BY c.pref DESC, rank DESC, c.len, c.id
          LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`
      : sql`SELECT c.id, c.pref, c.n, c.len, ts_rank_cd(v.tsv, q.query, ${RANK_NORMALIZATION}::int) AS rank
          FROM (SELECT h.* FROM hits h ORDER BY ${order} LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}) c
          JOIN scripture_verses v ON v.id = c.id JOIN q ON q.n = c.n`;
  const res = await db.execute<HitRow>(sql`
    WITH q(n, cfg, query) AS MATERIALIZED (VALUES ${qValues}),
    hits AS MATERIALIZED (${branches})
    SELECT t.total, p.text_id, p.book, p.book_name, p.chapter, p.verse, p.snippet, p.rank,
      -- A parallel-unsafe function (side-effect free) keeps this one statement serial: for a
      -- small, latency-bound query, parallel workers cost more to start than they save.
      pg_current_xact_id_if_assigned() AS serial
    FROM (SELECT count(*)::int AS total FROM hits) t
    LEFT JOIN LATERAL (
      SELECT v.text_id, b.code AS book, b.name AS book_name, v.chapter, v.verse, pg.rank::float8 AS rank,
        ts_headline(q.cfg, translate(v.content, ${`${HIGHLIGHT_START}${HIGHLIGHT_END}`}, ''), q.query, ${HEADLINE_OPTIONS})
          AS snippet,
        pg.pref, pg.len, pg.id
      FROM (${pageRows}) pg
      JOIN q ON q.n = pg.n
      JOIN scripture_verses v ON v.id = pg.id
      JOIN scripture_books b ON b.id = v.book_id
    ) p ON true
    ORDER BY ${offset < CANDIDATES ? sql`p.pref DESC, p.rank DESC, p.len, p.id` : sql`p.pref DESC, p.len, p.id`}`);

  const total = res.rows[0]?.total ?? 0;
  const byId = new Map(texts.map((t) => [t.id, t]));
  const hits: SearchHitDto[] = res.rows
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
