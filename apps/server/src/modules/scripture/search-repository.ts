import { sql } from 'drizzle-orm';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '@candeia/shared/schemas/scripture';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The full-text search's SQL (search.ts decides what to ask): the database's parser and
 * stemmer, the lexemes of the installed texts, and the ranked, highlighted page of verses.
 */

/**
 * The query as websearch_to_tsquery reads it, in each configuration (`n`: its place in
 * `configs`), with its query tree ('T' or '' when nothing is left to look up in the index).
 */
export async function websearchQueries(db: DbOrTx, configs: string[], q: string) {
  const values = sql.join(
    configs.map((config, n) => sql`(${n}::int, ${config}::regconfig)`),
    sql`, `,
  );
  const res = await db.execute<{ n: number; query: string; tree: string }>(sql`
      SELECT c.n, websearch_to_tsquery(c.cfg, ${q})::text AS query, querytree(websearch_to_tsquery(c.cfg, ${q})) AS tree
      FROM (VALUES ${values}) AS c(n, cfg)`);
  return res.rows;
}

/** The lexemes of each word in its configuration, in one statement (`i`: the word's place in `words`). */
export async function stemWords(db: DbOrTx, words: Array<{ config: string; word: string }>) {
  const res = await db.execute<{ i: number; lexemes: string[] }>(sql`
    SELECT a.i, tsvector_to_array(to_tsvector(a.cfg, a.w)) AS lexemes
    FROM (VALUES ${sql.join(
      words.map((w, i) => sql`(${i}::int, ${w.config}::regconfig, ${w.word}::text)`),
      sql`, `,
    )}) AS a(i, cfg, w)`);
  return res.rows;
}

/** Every lexeme that occurs in the verses of these texts (ts_stat). */
export async function textLexemes(db: DbOrTx, textIds: string[]): Promise<string[]> {
  const res = await db.execute<{ word: string }>(
    sql`SELECT word FROM ts_stat(format('SELECT tsv FROM scripture_verses WHERE text_id = ANY(%L)', ${sql.param(textIds)}::text[]))`,
  );
  return res.rows.map((r) => r.word);
}

/** One configuration's share of a search: its tsquery (text form) and the texts it covers. */
export interface SearchBranch {
  /** Its place among the branches (`n` of the rows). */
  n: number;
  config: string;
  query: string;
  textIds: string[];
  /** Those of its texts in the reader's language (they come first). */
  preferredIds: string[];
  /** The texts are every installed text of this configuration. */
  allOfConfig: boolean;
}

export type HitRow = {
  total: number;
  text_id: string | null;
  book: string;
  book_name: string;
  chapter: number;
  verse: number;
  snippet: string;
  rank: number;
};

const RANK_NORMALIZATION = 2;
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, HighlightAll=true`;

/**
 * One page of verses matching the branches, and (on every row, or on the one row without a verse
 * when the page is empty) the total. Texts in the reader's language first; then, among the
 * `candidates` shortest matches, by rank (ts_rank_cd: cover density, divided by the verse's
 * length), and past them by length. Only the page's rows are highlighted.
 */
export async function searchVerses(
  db: DbOrTx,
  branches: SearchBranch[],
  page: { offset: number; pageSize: number; candidates: number },
): Promise<HitRow[]> {
  const { offset, pageSize, candidates } = page;
  const list = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const qValues = sql.join(
    branches.map((g) => sql`(${g.n}::int, ${g.config}::regconfig, ${g.query}::tsquery)`),
    sql`, `,
  );
  // One branch per configuration, each a GIN index scan with its own (constant) tsquery. The
  // verse's stored size stands in for its length (no need to read the tsvector itself).
  const union = sql.join(
    branches.map((g) => {
      // Usually all or none of a configuration's texts are in the reader's language: a constant.
      const pref =
        g.preferredIds.length === 0
          ? sql`false`
          : g.preferredIds.length === g.textIds.length
            ? sql`true`
            : sql`v.text_id IN (${list(g.preferredIds)})`;
      const ids = list(g.textIds);
      // All texts of this configuration: the text filter only keeps other languages' verses
      // out, so it is checked on the rows found rather than through the text_id index.
      const inTexts = g.allOfConfig ? sql`coalesce(v.text_id, '') IN (${ids})` : sql`v.text_id IN (${ids})`;
      return sql`SELECT v.id, pg_column_size(v.tsv) AS len, ${pref} AS pref, ${g.n}::int AS n
        FROM scripture_verses v
        WHERE v.tsv @@ ${g.query}::tsquery AND ${inTexts}`;
    }),
    sql` UNION ALL `,
  );
  const order = sql`h.pref DESC, h.len, h.id`;
  const pageRows =
    offset < candidates
      ? sql`SELECT c.id, c.pref, c.n, c.len, ts_rank_cd(v.tsv, q.query, ${RANK_NORMALIZATION}::int) AS rank
          FROM (SELECT h.* FROM hits h ORDER BY ${order} LIMIT ${candidates}) c
          JOIN scripture_verses v ON v.id = c.id JOIN q ON q.n = c.n
          ORDER BY c.pref DESC, rank DESC, c.len, c.id
          LIMIT ${pageSize} OFFSET ${offset}`
      : sql`SELECT c.id, c.pref, c.n, c.len, ts_rank_cd(v.tsv, q.query, ${RANK_NORMALIZATION}::int) AS rank
          FROM (SELECT h.* FROM hits h ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}) c
          JOIN scripture_verses v ON v.id = c.id JOIN q ON q.n = c.n`;
  const res = await db.execute<HitRow>(sql`
    WITH q(n, cfg, query) AS MATERIALIZED (VALUES ${qValues}),
    hits AS MATERIALIZED (${union})
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
    ORDER BY ${offset < candidates ? sql`p.pref DESC, p.rank DESC, p.len, p.id` : sql`p.pref DESC, p.len, p.id`}`);
  return res.rows;
}
