import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { chapterVerses, listBooks, listTexts, type BookRow, type TextRow } from './repository.ts';

/**
 * What the reader asks for most (chapters, books, the catalogue) is public content that only
 * changes when a text is re-imported. Each app keeps it serialized in memory:
 *
 * - the installed texts are re-read from the database at most every TEXTS_TTL_MS (one tiny
 *   query), and every other entry is keyed by its text's checksum and import time, so a
 *   re-import is picked up within that interval without any message between processes;
 * - chapters are kept as ready JSON strings with their ETag, least recently used first out.
 *
 * `invalidateScriptureCache(db)` drops everything at once (the importer and tests call it).
 */

const TEXTS_TTL_MS = 2_000;
const MAX_CHAPTERS = 4_000;

export interface Serialized {
  /** The JSON, encoded once (a string would be measured and encoded again on every send). */
  body: Buffer;
  etag: string;
}

export interface CachedChapter extends Serialized {
  textId: string;
  book: BookRow;
  chapter: number;
  firstVerse: number;
  lastVerse: number;
}

export interface TextsSnapshot {
  /** Installed texts by id. */
  byId: Map<string, TextRow>;
  list: TextRow[];
  /** Changes whenever any text is installed, re-imported or removed. */
  version: string;
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export function serialize(value: unknown): Serialized {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: etagOf(body) };
}

const textVersion = (t: TextRow) => `${t.checksum}@${t.importedAt.getTime()}`;

export class ScriptureCache {
  private snapshot: TextsSnapshot | null = null;
  private loadedAt = 0;
  private loading: Promise<TextsSnapshot> | null = null;
  private generation = 0;
  private readonly books = new Map<string, Promise<BookRow[]>>();
  private readonly chapters = new Map<string, CachedChapter | null>();
  private readonly misc = new Map<string, unknown>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.generation += 1;
    this.snapshot = null;
    this.loading = null;
    this.books.clear();
    this.chapters.clear();
    this.misc.clear();
  }

  /** The installed texts; at most TEXTS_TTL_MS old. */
  async texts(): Promise<TextsSnapshot> {
    if (this.snapshot && performance.now() - this.loadedAt < TEXTS_TTL_MS) return this.snapshot;
    if (!this.loading) {
      const generation = this.generation;
      this.loading = listTexts(this.db)
        .then((list) => {
          const version = list.map((t) => `${t.id}:${textVersion(t)}`).join('|');
          const snap: TextsSnapshot = { byId: new Map(list.map((t) => [t.id, t])), list, version };
          if (generation === this.generation) {
            if (this.snapshot && this.snapshot.version !== version) this.dropStale(snap);
            this.snapshot = snap;
            this.loadedAt = performance.now();
          }
          return snap;
        })
        .finally(() => {
          if (generation === this.generation) this.loading = null;
        });
      // A failed background refresh is retried on the next call; whoever waits sees the error.
      this.loading.catch(() => {});
    }
    // While a refresh runs, the previous snapshot keeps serving.
    return this.snapshot ?? this.loading;
  }

  /** Drops what belongs to texts that changed or went away. */
  private dropStale(next: TextsSnapshot): void {
    const current = new Set(next.list.map((t) => `${t.id}:${textVersion(t)}`));
    for (const key of this.books.keys()) if (!current.has(key)) this.books.delete(key);
    for (const key of this.chapters.keys()) if (!current.has(key.slice(0, key.indexOf('|')))) this.chapters.delete(key);
    this.misc.clear();
  }

  /** The books of an installed text, in order. */
  bookList(text: TextRow): Promise<BookRow[]> {
    const key = `${text.id}:${textVersion(text)}`;
    let p = this.books.get(key);
    if (!p) {
      p = listBooks(this.db, text.id);
      this.books.set(key, p);
      p.catch(() => this.books.delete(key));
    }
    return p;
  }

  /**
   * A chapter, serialized by `build`; null when the chapter has no verses. Kept until the
   * text changes or it becomes the least recently used of MAX_CHAPTERS.
   */
  async chapter(
    text: TextRow,
    book: BookRow,
    chapter: number,
    build: (verses: Awaited<ReturnType<typeof chapterVerses>>) => unknown,
  ): Promise<CachedChapter | null> {
    const key = `${text.id}:${textVersion(text)}|${book.code}|${chapter}`;
    const hit = this.chapters.get(key);
    if (hit !== undefined) {
      // Most recently used goes to the end.
      this.chapters.delete(key);
      this.chapters.set(key, hit);
      return hit;
    }
    const generation = this.generation;
    const verses = await chapterVerses(this.db, book.id, chapter);
    const entry: CachedChapter | null =
      verses.length === 0
        ? null
        : {
            ...serialize(build(verses)),
            textId: text.id,
            book,
            chapter,
            firstVerse: verses[0]!.verse,
            lastVerse: verses.at(-1)!.verse,
          };
    if (generation === this.generation) {
      this.chapters.set(key, entry);
      if (this.chapters.size > MAX_CHAPTERS) this.chapters.delete(this.chapters.keys().next().value!);
    }
    return entry;
  }

  /** Any other value derived from the installed texts (catalogue, themes, verse of the day). */
  async derived<T>(key: string, make: (snap: TextsSnapshot) => Promise<T>): Promise<T> {
    const snap = await this.texts();
    const full = `${snap.version}#${key}`;
    if (this.misc.has(full)) return this.misc.get(full) as T;
    const generation = this.generation;
    const value = await make(snap);
    if (generation === this.generation) {
      if (this.misc.size > 500) this.misc.clear();
      this.misc.set(full, value);
    }
    return value;
  }
}

const caches = new WeakMap<Db, ScriptureCache>();

/** The cache of the app that owns this database handle. */
export function scriptureCache(db: Db): ScriptureCache {
  let c = caches.get(db);
  if (!c) {
    c = new ScriptureCache(db);
    caches.set(db, c);
  }
  return c;
}

/** Forgets every cached text, book, chapter and derived value (after an import). */
export function invalidateScriptureCache(db: Db): void {
  caches.get(db)?.invalidate();
}
