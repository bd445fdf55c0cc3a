/**
 * Writes texts into PostgreSQL: one transaction per text, idempotent. The stored checksum is
 * the source's SHA-256 prefixed with the importer revision: the same bytes (and the same
 * importer) are skipped; changed bytes replace the text (its books and verses; favourites,
 * notes and reading positions are keyed by text id and book code and stay). Verses go in with
 * set-based INSERT … SELECT FROM unnest(…), their search vector computed in the same statement
 * with the text's configuration: to_tsvector(search_config, content).
 */
import type pg from 'pg';
import type { Db } from '../../../db/client.ts';
import type { Source } from './sources.ts';
import { ContentError, SEARCH_CONFIGS, type ContentLog, type ParsedText } from './types.ts';

/** Bumped when parsing changes, so texts imported by an older importer are imported again. */
export const IMPORT_REVISION = 3;
const CHUNK = 5000;

export function storedChecksum(sha256: string): string {
  return `r${IMPORT_REVISION}:${sha256}`;
}

export interface ImportResult {
  id: string;
  status: 'imported' | 'replaced' | 'unchanged';
  books: number;
  verses: number;
  ms: number;
}

export interface ImportOptions {
  log?: ContentLog;
  /** Aborts between statements; the text's transaction is rolled back. */
  signal?: AbortSignal;
  /** Import even when the checksum is unchanged. */
  force?: boolean;
  /** Told how many verses are written so far, of how many (before the first chunk and after each). */
  progress?: (done: number, total: number) => Promise<void> | void;
}

/** The node-postgres pool under Drizzle: the import streams arrays through unnest(), in SQL Drizzle does not build. */
function poolOf(db: Db): pg.Pool {
  return (db as Db & { $client: pg.Pool }).$client;
}

function checkParsed(p: ParsedText) {
  if (!/^[a-z0-9-]+$/.test(p.meta.id) || p.meta.id.length > 64) throw new ContentError(`Bad text id "${p.meta.id}".`);
  const seenBooks = new Set<string>();
  for (const b of p.books) {
    if (seenBooks.has(b.code)) throw new ContentError(`${p.meta.id}: book ${b.code} appears twice.`);
    seenBooks.add(b.code);
    const seen = new Set<string>();
    for (const v of b.verses) {
      const key = `${v.chapter}:${v.verse}`;
      if (seen.has(key)) throw new ContentError(`${p.meta.id}: ${b.code} ${key} appears twice.`);
      if (
        !Number.isInteger(v.chapter) ||
        !Number.isInteger(v.verse) ||
        v.chapter < 1 ||
        v.verse < 1 ||
        v.chapter > 1000 ||
        v.verse > 1000
      ) {
        throw new ContentError(`${p.meta.id}: ${b.code} ${key} is not a valid position.`);
      }
      seen.add(key);
    }
  }
}

interface StoredText {
  checksum: string;
  books: number;
  verses: number;
}

async function storedText(client: pg.PoolClient | pg.Pool, id: string): Promise<StoredText | null> {
  const r = await client.query<StoredText>(
    `SELECT checksum, verse_count AS verses, (SELECT count(*)::int FROM scripture_books WHERE text_id = t.id) AS books
     FROM scripture_texts t WHERE id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Writes one parsed text (one transaction). */
export async function importParsed(db: Db, parsed: ParsedText, opts: ImportOptions = {}): Promise<ImportResult> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  checkParsed(parsed);
  const { meta } = parsed;
  const checksum = storedChecksum(parsed.checksum);
  const books = parsed.books.filter((b) => b.verses.length);
  const total = books.reduce((n, b) => n + b.verses.length, 0);
  const client = await poolOf(db).connect();
  const throwIfAborted = () => opts.signal?.throwIfAborted();
  try {
    throwIfAborted();
    await client.query('BEGIN');
    // Two importers of the same text (the server and the CLI) take turns.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('candeia.scripture-import'), hashtext($1))", [meta.id]);
    const previous = await storedText(client, meta.id);
    if (previous?.checksum === checksum && !opts.force) {
      await client.query('COMMIT');
      return { id: meta.id, status: 'unchanged', books: books.length, verses: total, ms: performance.now() - started };
    }
    await client.query('DELETE FROM scripture_texts WHERE id = $1', [meta.id]);
    await client.query(
      `INSERT INTO scripture_texts (id, book_key, language, search_config, title, abbreviation, translator, year,
         licence, attribution, source_url, source, checksum, verse_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        meta.id,
        meta.bookKey,
        meta.language,
        SEARCH_CONFIGS[meta.language],
        meta.title,
        meta.abbreviation,
        meta.translator,
        meta.year,
        meta.licence,
        meta.attribution,
        meta.sourceUrl,
        meta.source,
        checksum,
        total,
      ],
    );
    const inserted = await client.query<{ id: number; code: string }>(
      `INSERT INTO scripture_books (text_id, code, ordinal, name, chapter_count)
       SELECT $1, b.code, b.ordinal, b.name, b.chapters
       FROM unnest($2::text[], $3::int[], $4::text[], $5::int[]) AS b(code, ordinal, name, chapters)
       RETURNING id, code`,
      [
        meta.id,
        books.map((b) => b.code),
        books.map((_, i) => i + 1),
        books.map((b) => b.name),
        books.map((b) => Math.max(...b.verses.map((v) => v.chapter))),
      ],
    );
    const bookIds = new Map(inserted.rows.map((r) => [r.code, r.id]));
    const rows = books.flatMap((b) => b.verses.map((v) => ({ bookId: bookIds.get(b.code)!, ...v })));
    let done = 0;
    await opts.progress?.(0, rows.length);
    for (let i = 0; i < rows.length; i += CHUNK) {
      throwIfAborted();
      const chunk = rows.slice(i, i + CHUNK);
      await client.query(
        `INSERT INTO scripture_verses (text_id, book_id, chapter, verse, content, paragraph, heading, tsv)
         SELECT $1, v.book_id, v.chapter, v.verse, v.content, v.paragraph, v.heading, to_tsvector($2::regconfig, v.content)
         FROM unnest($3::int[], $4::int[], $5::int[], $6::text[], $7::bool[], $8::text[])
           AS v(book_id, chapter, verse, content, paragraph, heading)`,
        [
          meta.id,
          SEARCH_CONFIGS[meta.language],
          chunk.map((r) => r.bookId),
          chunk.map((r) => r.chapter),
          chunk.map((r) => r.verse),
          chunk.map((r) => r.content),
          chunk.map((r) => r.paragraph),
          chunk.map((r) => r.heading),
        ],
      );
      done += chunk.length;
      if (rows.length > CHUNK) log(`${meta.id}: ${done}/${rows.length} verses`);
      await opts.progress?.(done, rows.length);
    }
    throwIfAborted();
    await client.query('COMMIT');
    // Fresh statistics, so search plans use the new rows at once (outside the transaction).
    await client.query('ANALYZE scripture_books, scripture_verses').catch(() => {});
    const result: ImportResult = {
      id: meta.id,
      status: previous === null ? 'imported' : 'replaced',
      books: books.length,
      verses: total,
      ms: performance.now() - started,
    };
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Imports a source unless the database already holds the same bytes: the checksum is compared
 * before parsing, so an unchanged text costs one hash and one query.
 */
export async function importSource(db: Db, source: Source, opts: ImportOptions = {}): Promise<ImportResult> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const sha = source.checksum();
  const stored = opts.force ? null : await storedText(poolOf(db), source.id);
  if (stored?.checksum === storedChecksum(sha)) {
    return {
      id: source.id,
      status: 'unchanged',
      books: stored.books,
      verses: stored.verses,
      ms: performance.now() - started,
    };
  }
  opts.signal?.throwIfAborted();
  log(`${source.id}: reading ${source.where}`);
  const parsed = await source.parse(log, opts.signal);
  if (parsed.meta.id !== source.id)
    throw new ContentError(`${source.where} parsed as ${parsed.meta.id}, expected ${source.id}.`);
  const result = await importParsed(db, parsed, opts);
  const took = performance.now() - started;
  log(`${source.id}: ${result.status}, ${result.books} books, ${result.verses} verses (${(took / 1000).toFixed(1)} s)`);
  return { ...result, ms: took };
}

export interface InstalledText {
  id: string;
  bookKey: string;
  language: string;
  title: string;
  abbreviation: string;
  translator: string | null;
  year: string | null;
  licence: string;
  attribution: string;
  sourceUrl: string | null;
  source: string;
  checksum: string;
  verseCount: number;
  importedAt: Date;
}

/** The texts in the database, Bibles first, then by book and language. */
export async function listInstalledTexts(db: Db): Promise<InstalledText[]> {
  const r = await poolOf(db).query<InstalledText>(
    `SELECT id, book_key AS "bookKey", language, title, abbreviation, translator, year, licence, attribution,
            source_url AS "sourceUrl", source, checksum, verse_count AS "verseCount", imported_at AS "importedAt"
     FROM scripture_texts
     ORDER BY book_key <> 'bible', book_key, language, id`,
  );
  return r.rows;
}
