import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  readingPositions,
  scriptureBooks,
  scriptureFavourites,
  scriptureNotes,
  scriptureTexts,
  scriptureVerses,
} from '../../db/schema/index.ts';

export type TextRow = typeof scriptureTexts.$inferSelect;
export type BookRow = Pick<typeof scriptureBooks.$inferSelect, 'id' | 'code' | 'ordinal' | 'name' | 'chapterCount'>;
export type VerseRow = Pick<typeof scriptureVerses.$inferSelect, 'verse' | 'content' | 'paragraph' | 'heading'>;
export type FavouriteRow = typeof scriptureFavourites.$inferSelect;
export type NoteRow = typeof scriptureNotes.$inferSelect;

// ---------- Content ----------

export async function listTexts(db: DbOrTx): Promise<TextRow[]> {
  return await db.select().from(scriptureTexts).orderBy(asc(scriptureTexts.id));
}

/** A real promise (a Drizzle query runs again on every await): it is cached and shared. */
export async function listBooks(db: DbOrTx, textId: string): Promise<BookRow[]> {
  return await db
    .select({
      id: scriptureBooks.id,
      code: scriptureBooks.code,
      ordinal: scriptureBooks.ordinal,
      name: scriptureBooks.name,
      chapterCount: scriptureBooks.chapterCount,
    })
    .from(scriptureBooks)
    .where(eq(scriptureBooks.textId, textId))
    .orderBy(asc(scriptureBooks.ordinal));
}

export async function chapterVerses(db: DbOrTx, bookId: number, chapter: number): Promise<VerseRow[]> {
  return await db
    .select({
      verse: scriptureVerses.verse,
      content: scriptureVerses.content,
      paragraph: scriptureVerses.paragraph,
      heading: scriptureVerses.heading,
    })
    .from(scriptureVerses)
    .where(and(eq(scriptureVerses.bookId, bookId), eq(scriptureVerses.chapter, chapter)))
    .orderBy(asc(scriptureVerses.verse));
}

/** A passage's verses (text only), for quotes. */
export interface PassageKey {
  textId: string;
  /** null: the text's first book (single-book sacred texts). */
  book: string | null;
  chapter: number;
  verseStart: number;
  verseEnd: number;
}
export interface PassageText extends PassageKey {
  book: string;
  bookName: string;
  text: string;
  /** The last verse that exists (a range is cut at the chapter's end). */
  lastVerse: number;
}

/** Many passages in one statement; missing ones are simply absent from the answer. */
export async function passagesText(db: DbOrTx, keys: PassageKey[]): Promise<Map<number, PassageText>> {
  const out = new Map<number, PassageText>();
  if (keys.length === 0) return out;
  const values = sql.join(
    keys.map(
      (k, i) =>
        sql`(${i}::int, ${k.textId}::text, ${k.book}::text, ${k.chapter}::int, ${k.verseStart}::int, ${k.verseEnd}::int)`,
    ),
    sql`, `,
  );
  const res = await db.execute<{
    i: number;
    book: string;
    book_name: string;
    text: string;
    last_verse: number;
  }>(sql`
    WITH k(i, text_id, book, chapter, vs, ve) AS (VALUES ${values})
    SELECT k.i, b.code AS book, b.name AS book_name, p.text, p.last_verse
    FROM k
    JOIN LATERAL (
      SELECT b.id, b.code, b.name FROM scripture_books b
      WHERE b.text_id = k.text_id AND (b.code = k.book OR (k.book IS NULL AND b.ordinal = (
        SELECT min(ordinal) FROM scripture_books WHERE text_id = k.text_id)))
      LIMIT 1
    ) b ON true
    JOIN LATERAL (
      SELECT string_agg(v.content, ' ' ORDER BY v.verse) AS text, max(v.verse) AS last_verse
      FROM scripture_verses v
      WHERE v.book_id = b.id AND v.chapter = k.chapter AND v.verse BETWEEN k.vs AND k.ve
      HAVING bool_or(v.verse = k.vs)
    ) p ON true`);
  for (const r of res.rows) {
    const key = keys[r.i]!;
    out.set(r.i, { ...key, book: r.book, bookName: r.book_name, text: r.text, lastVerse: r.last_verse });
  }
  return out;
}

// ---------- Favourites and notes ----------

export interface AnnotationExtras {
  bookName: string | null;
  excerpt: string | null;
}

/**
 * The verses' text of an annotation and its book's name (null when the text is not installed).
 * Columns are qualified by hand: drizzle leaves them bare in a one-table select, and the
 * subqueries have their own text_id.
 */
function extras(table: typeof scriptureFavourites | typeof scriptureNotes) {
  const n = sql.raw(table === scriptureNotes ? '"scripture_notes"' : '"scripture_favourites"');
  return {
    bookName: sql<string | null>`(SELECT b.name FROM scripture_books b
      WHERE b.text_id = ${n}.text_id AND b.code = ${n}.book_code)`,
    excerpt: sql<string | null>`(SELECT string_agg(v.content, ' ' ORDER BY v.verse)
      FROM scripture_books b JOIN scripture_verses v ON v.book_id = b.id
      WHERE b.text_id = ${n}.text_id AND b.code = ${n}.book_code AND v.chapter = ${n}.chapter
        AND v.verse BETWEEN ${n}.verse_start AND ${n}.verse_end)`,
  };
}

export interface ListFilter {
  userId: string;
  textId?: string | undefined;
  /** Limit to one chapter. */
  chapter?: { textId: string; book: string; chapter: number } | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listFavourites(db: DbOrTx, f: ListFilter) {
  const t = scriptureFavourites;
  const conds: SQL[] = [eq(t.userId, f.userId)];
  if (f.textId) conds.push(eq(t.textId, f.textId));
  if (f.chapter)
    conds.push(eq(t.textId, f.chapter.textId), eq(t.bookCode, f.chapter.book), eq(t.chapter, f.chapter.chapter));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: t, ...extras(t) })
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), asc(t.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listNotes(db: DbOrTx, f: ListFilter) {
  const t = scriptureNotes;
  const conds: SQL[] = [eq(t.userId, f.userId)];
  if (f.textId) conds.push(eq(t.textId, f.textId));
  if (f.chapter)
    conds.push(eq(t.textId, f.chapter.textId), eq(t.bookCode, f.chapter.book), eq(t.chapter, f.chapter.chapter));
  if (f.q?.trim()) conds.push(ilike(t.body, like(f.q.trim())));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: t, ...extras(t) })
      .from(t)
      .where(where)
      .orderBy(desc(t.updatedAt), asc(t.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findFavourite(db: DbOrTx, userId: string, id: string) {
  const t = scriptureFavourites;
  const [row] = await db
    .select({ row: t, ...extras(t) })
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, userId)));
  return row;
}

export async function findNote(db: DbOrTx, userId: string, id: string) {
  const t = scriptureNotes;
  const [row] = await db
    .select({ row: t, ...extras(t) })
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, userId)));
  return row;
}

type FavouriteValues = typeof scriptureFavourites.$inferInsert & { userId: string };

/** The id of the same passage in the user's favourites, if it is there. */
export async function findSameFavourite(db: DbOrTx, values: FavouriteValues): Promise<string | undefined> {
  const t = scriptureFavourites;
  const [existing] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.userId, values.userId),
        eq(t.textId, values.textId),
        eq(t.bookCode, values.bookCode),
        eq(t.chapter, values.chapter),
        eq(t.verseStart, values.verseStart),
        eq(t.verseEnd, values.verseEnd),
      ),
    );
  return existing?.id;
}

/** Inserts a favourite; an identical one already saved is returned instead (created: false). */
export async function insertFavourite(db: DbOrTx, values: FavouriteValues): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(scriptureFavourites)
    .values(values)
    .onConflictDoNothing({
      target: [
        scriptureFavourites.userId,
        scriptureFavourites.textId,
        scriptureFavourites.bookCode,
        scriptureFavourites.chapter,
        scriptureFavourites.verseStart,
        scriptureFavourites.verseEnd,
      ],
    })
    .returning({ id: scriptureFavourites.id });
  if (row) return { id: row.id, created: true };
  return { id: (await findSameFavourite(db, values))!, created: false };
}

/** How many favourites the user has (for the per-account limit). */
export async function countFavourites(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(scriptureFavourites).where(eq(scriptureFavourites.userId, userId));
  return row?.n ?? 0;
}

/** How many notes the user has (for the per-account limit). */
export async function countNotes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(scriptureNotes).where(eq(scriptureNotes.userId, userId));
  return row?.n ?? 0;
}

export async function deleteFavourite(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(scriptureFavourites)
    .where(and(eq(scriptureFavourites.id, id), eq(scriptureFavourites.userId, userId)))
    .returning({ id: scriptureFavourites.id });
  return rows.length > 0;
}

export async function insertNote(db: DbOrTx, values: typeof scriptureNotes.$inferInsert): Promise<string> {
  const [row] = await db.insert(scriptureNotes).values(values).returning({ id: scriptureNotes.id });
  return row!.id;
}

export async function updateNote(db: DbOrTx, userId: string, id: string, body: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(scriptureNotes)
    .set({ body, updatedAt: at })
    .where(and(eq(scriptureNotes.id, id), eq(scriptureNotes.userId, userId)))
    .returning({ id: scriptureNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(scriptureNotes)
    .where(and(eq(scriptureNotes.id, id), eq(scriptureNotes.userId, userId)))
    .returning({ id: scriptureNotes.id });
  return rows.length > 0;
}

// ---------- Reading position ----------

export type PositionRow = typeof readingPositions.$inferSelect;

export async function upsertPosition(db: DbOrTx, values: PositionRow): Promise<PositionRow> {
  const [row] = await db
    .insert(readingPositions)
    .values(values)
    .onConflictDoUpdate({
      target: [readingPositions.userId, readingPositions.textId],
      set: { bookCode: values.bookCode, chapter: values.chapter, verse: values.verse, updatedAt: values.updatedAt },
    })
    .returning();
  return row!;
}

/** The most recently updated position among the given texts. */
export async function latestPosition(db: DbOrTx, userId: string, textIds: string[]): Promise<PositionRow | undefined> {
  if (textIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(readingPositions)
    .where(and(eq(readingPositions.userId, userId), inArray(readingPositions.textId, textIds)))
    .orderBy(desc(readingPositions.updatedAt))
    .limit(1);
  return row;
}
