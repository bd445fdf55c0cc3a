import { SCRIPTURE_FAVOURITES_MAX, SCRIPTURE_NOTES_MAX, type Locale } from '@candeia/shared/constants';
import {
  DEFAULT_BIBLE_BY_LOCALE,
  RELIGIONS,
  SACRED_BOOK_KEYS,
  SACRED_BOOKS,
  TEXT_LANGUAGES,
  type BookDto,
  type CatalogueDto,
  type ChapterAnnotationsDto,
  type ChapterDto,
  type ChapterLinkDto,
  type FavouriteDto,
  type NoteDto,
  type Paged,
  type PositionDto,
  type SacredBookKey,
  type TextDto,
  type TextLanguage,
  type VerseDto,
} from '@candeia/shared/schemas/scripture';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/access.ts';
import { checkQuota } from '../../lib/quota.ts';
import type { Actor, Deps } from '../../types.ts';
import { requireFeature } from '../billing/index.ts';
import { scriptureCache, serialize, type CachedChapter, type Serialized, type TextsSnapshot } from './cache.ts';
import { formatReference } from './references.ts';
import * as repo from './repository.ts';
import type { BookRow, TextRow } from './repository.ts';

// ---------- Mapping ----------

export function toTextDto(t: TextRow): TextDto {
  return {
    id: t.id,
    bookKey: t.bookKey as SacredBookKey,
    language: t.language as TextLanguage,
    title: t.title,
    abbreviation: t.abbreviation,
    translator: t.translator,
    year: t.year,
    licence: t.licence,
    attribution: t.attribution,
    sourceUrl: t.sourceUrl,
    verseCount: t.verseCount,
  };
}

export function toBookDto(b: BookRow): BookDto {
  return { code: b.code, ordinal: b.ordinal, name: b.name, chapters: b.chapterCount };
}

const isBible = (t: TextRow) => t.bookKey === 'bible';

/** Languages in a fixed order, then ids: the catalogue is the same for every reader. */
const byLanguageThenId = (a: TextRow, b: TextRow) =>
  TEXT_LANGUAGES.indexOf(a.language as TextLanguage) - TEXT_LANGUAGES.indexOf(b.language as TextLanguage) ||
  a.id.localeCompare(b.id);

// ---------- Public content ----------

/** The 13 religions and 14 books of SPEC.md §3, each book with its installed texts. */
export function catalogue(deps: Pick<Deps, 'db'>): Promise<Serialized> {
  return scriptureCache(deps.db).derived('catalogue', async (snap) => {
    const dto: CatalogueDto = {
      religions: [...RELIGIONS],
      books: SACRED_BOOK_KEYS.map((key) => ({
        key,
        religions: [...SACRED_BOOKS[key]],
        texts: snap.list
          .filter((t) => t.bookKey === key)
          .sort(byLanguageThenId)
          .map(toTextDto),
      })),
    };
    return serialize(dto);
  });
}

export function books(deps: Pick<Deps, 'db'>, textId: string): Promise<Serialized> {
  return scriptureCache(deps.db).derived(`books:${textId}`, async (snap) => {
    const text = snap.byId.get(textId);
    if (!text) throw new AppError('NOT_FOUND');
    const list = await scriptureCache(deps.db).bookList(text);
    return serialize(list.map(toBookDto));
  });
}

/** Book codes are matched without regard to case ("john" is John). */
function bookIndex(list: BookRow[], code: string): number {
  const i = list.findIndex((b) => b.code === code);
  if (i >= 0) return i;
  const lower = code.toLowerCase();
  return list.findIndex((b) => b.code.toLowerCase() === lower);
}

const link = (b: BookRow, chapter: number): ChapterLinkDto => ({ book: b.code, bookName: b.name, chapter });

function buildChapter(text: TextRow, list: BookRow[], i: number, chapter: number, verses: repo.VerseRow[]): ChapterDto {
  const book = list[i]!;
  const prevBook = list[i - 1];
  const nextBook = list[i + 1];
  return {
    text: toTextDto(text),
    book: toBookDto(book),
    chapter,
    verses: verses.map((v) => {
      const dto: VerseDto = { n: v.verse, t: v.content };
      if (v.paragraph) dto.p = true;
      if (v.heading) dto.h = v.heading;
      return dto;
    }),
    prev: chapter > 1 ? link(book, chapter - 1) : prevBook ? link(prevBook, prevBook.chapterCount) : null,
    next: chapter < book.chapterCount ? link(book, chapter + 1) : nextBook ? link(nextBook, 1) : null,
  };
}

export interface ChapterInput {
  textId: string;
  book: string;
  chapter: number;
}

/** One chapter, serialized and cached (the reader's hot path); 404 when it does not exist. */
export async function chapter(deps: Pick<Deps, 'db'>, input: ChapterInput): Promise<CachedChapter> {
  const found = await findChapter(deps.db, input);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

export async function findChapter(db: Db, input: ChapterInput): Promise<CachedChapter | null> {
  const cache = scriptureCache(db);
  const text = (await cache.texts()).byId.get(input.textId);
  if (!text) return null;
  const list = await cache.bookList(text);
  const i = bookIndex(list, input.book);
  const book = list[i];
  if (!book || input.chapter < 1 || input.chapter > book.chapterCount) return null;
  return cache.chapter(text, book, input.chapter, (verses) => buildChapter(text, list, i, input.chapter, verses));
}

export function chapterDto(entry: CachedChapter): ChapterDto {
  return JSON.parse(entry.body.toString('utf8')) as ChapterDto;
}

/** The Bible a reader of `locale` sees by default: theirs, another in their language, KJV, any. */
export function preferredBible(snap: TextsSnapshot, locale: Locale): TextRow | null {
  const bibles = snap.list.filter(isBible);
  const language = locale.slice(0, 2);
  return (
    snap.byId.get(DEFAULT_BIBLE_BY_LOCALE[locale]) ??
    bibles.find((t) => t.language === language) ??
    snap.byId.get('kjv') ??
    bibles[0] ??
    null
  );
}

// ---------- The reader's own data ----------

const gate = (deps: Deps, actor: Actor) =>
  requireFeature(deps, { userId: requireAccess(actor, 'scripture.personal').userId, role: actor.role }, 'bible');

const EXCERPT_MAX = 600;

/** The verses' text for list pages, cut at a word near EXCERPT_MAX characters. */
export function excerpt(text: string | null): string {
  if (!text) return '';
  if (text.length <= EXCERPT_MAX) return text;
  const cut = text.slice(0, EXCERPT_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_MAX * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

type AnnotationRow = Pick<repo.FavouriteRow, 'id' | 'textId' | 'bookCode' | 'chapter' | 'verseStart' | 'verseEnd'> & {
  createdAt: Date;
};

function annotationBase(row: AnnotationRow, extras: repo.AnnotationExtras) {
  const bookName = extras.bookName ?? row.bookCode;
  return {
    id: row.id,
    textId: row.textId,
    book: row.bookCode,
    bookName,
    chapter: row.chapter,
    verseStart: row.verseStart,
    verseEnd: row.verseEnd,
    excerpt: excerpt(extras.excerpt),
    reference: formatReference(bookName, row.chapter, row.verseStart, row.verseEnd),
    createdAt: row.createdAt.toISOString(),
  };
}

const toFavouriteDto = (r: { row: repo.FavouriteRow } & repo.AnnotationExtras): FavouriteDto =>
  annotationBase(r.row, r);

const toNoteDto = (r: { row: repo.NoteRow } & repo.AnnotationExtras): NoteDto => ({
  ...annotationBase(r.row, r),
  body: r.row.body,
  updatedAt: r.row.updatedAt.toISOString(),
});

export interface PassageInput extends ChapterInput {
  verseStart: number;
  verseEnd: number;
}

/** The chapter a new annotation points at; 404 unless the text, book, chapter and verses exist. */
async function existingPassage(db: Db, input: PassageInput): Promise<CachedChapter> {
  const entry = await findChapter(db, input);
  if (!entry || input.verseStart < entry.firstVerse || input.verseEnd > entry.lastVerse)
    throw new AppError('NOT_FOUND');
  return entry;
}

export interface ListInput {
  textId?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export async function listFavourites(deps: Deps, actor: Actor, input: ListInput): Promise<Paged<FavouriteDto>> {
  await gate(deps, actor);
  const { rows, total } = await repo.listFavourites(deps.db, {
    userId: requireAccess(actor, 'scripture.personal').userId,
    textId: input.textId,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return { items: rows.map(toFavouriteDto), total, page: input.page, pageSize: input.pageSize };
}

export async function addFavourite(
  deps: Deps,
  actor: Actor,
  input: PassageInput,
): Promise<{ favourite: FavouriteDto; created: boolean }> {
  await gate(deps, actor);
  const entry = await existingPassage(deps.db, input);
  const { userId } = requireAccess(actor, 'scripture.personal');
  const values = {
    userId,
    textId: entry.textId,
    bookCode: entry.book.code,
    chapter: entry.chapter,
    verseStart: input.verseStart,
    verseEnd: input.verseEnd,
    createdAt: deps.clock.now(),
  };
  const { id, created } = await deps.db.transaction(async (tx) => {
    // A passage saved already is answered as it is, even at the limit.
    const same = await repo.findSameFavourite(tx, values);
    if (same) return { id: same, created: false };
    await checkQuota(tx, {
      name: 'favourites',
      userId,
      limit: SCRIPTURE_FAVOURITES_MAX,
      code: 'FAVOURITES_LIMIT_REACHED',
      count: () => repo.countFavourites(tx, userId),
    });
    return repo.insertFavourite(tx, values);
  });
  const row = await repo.findFavourite(deps.db, userId, id);
  return { favourite: toFavouriteDto(row!), created };
}

export async function removeFavourite(deps: Deps, actor: Actor, id: string): Promise<void> {
  await gate(deps, actor);
  if (!(await repo.deleteFavourite(deps.db, requireAccess(actor, 'scripture.personal').userId, id)))
    throw new AppError('NOT_FOUND');
}

export async function listNotes(deps: Deps, actor: Actor, input: ListInput): Promise<Paged<NoteDto>> {
  await gate(deps, actor);
  const { rows, total } = await repo.listNotes(deps.db, {
    userId: requireAccess(actor, 'scripture.personal').userId,
    textId: input.textId,
    q: input.q,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return { items: rows.map(toNoteDto), total, page: input.page, pageSize: input.pageSize };
}

export async function addNote(deps: Deps, actor: Actor, input: PassageInput & { body: string }): Promise<NoteDto> {
  await gate(deps, actor);
  const entry = await existingPassage(deps.db, input);
  const now = deps.clock.now();
  const { userId } = requireAccess(actor, 'scripture.personal');
  const id = await deps.db.transaction(async (tx) => {
    await checkQuota(tx, {
      name: 'notes',
      userId,
      limit: SCRIPTURE_NOTES_MAX,
      code: 'NOTES_LIMIT_REACHED',
      count: () => repo.countNotes(tx, userId),
    });
    return repo.insertNote(tx, {
      userId,
      textId: entry.textId,
      bookCode: entry.book.code,
      chapter: entry.chapter,
      verseStart: input.verseStart,
      verseEnd: input.verseEnd,
      body: input.body,
      createdAt: now,
      updatedAt: now,
    });
  });
  return toNoteDto((await repo.findNote(deps.db, userId, id))!);
}

export async function editNote(deps: Deps, actor: Actor, id: string, input: { body: string }): Promise<NoteDto> {
  await gate(deps, actor);
  if (
    !(await repo.updateNote(
      deps.db,
      requireAccess(actor, 'scripture.personal').userId,
      id,
      input.body,
      deps.clock.now(),
    ))
  )
    throw new AppError('NOT_FOUND');
  return toNoteDto((await repo.findNote(deps.db, requireAccess(actor, 'scripture.personal').userId, id))!);
}

export async function removeNote(deps: Deps, actor: Actor, id: string): Promise<void> {
  await gate(deps, actor);
  if (!(await repo.deleteNote(deps.db, requireAccess(actor, 'scripture.personal').userId, id)))
    throw new AppError('NOT_FOUND');
}

/** The reader's favourites and notes on one chapter, in verse order. */
export async function chapterAnnotations(
  deps: Deps,
  actor: Actor,
  input: ChapterInput,
): Promise<ChapterAnnotationsDto> {
  await gate(deps, actor);
  const entry = await chapter(deps, input);
  const filter = {
    userId: requireAccess(actor, 'scripture.personal').userId,
    chapter: { textId: entry.textId, book: entry.book.code, chapter: entry.chapter },
    limit: 1000,
    offset: 0,
  };
  const [favs, notes] = await Promise.all([repo.listFavourites(deps.db, filter), repo.listNotes(deps.db, filter)]);
  const byVerse = <T extends { verseStart: number; verseEnd: number }>(a: T, b: T) =>
    a.verseStart - b.verseStart || a.verseEnd - b.verseEnd;
  return {
    favourites: favs.rows.map(toFavouriteDto).sort(byVerse),
    notes: notes.rows.map(toNoteDto).sort(byVerse),
  };
}

// ---------- Reading position ----------

const toPositionDto = (p: repo.PositionRow): PositionDto => ({
  textId: p.textId,
  book: p.bookCode,
  chapter: p.chapter,
  verse: p.verse,
  updatedAt: p.updatedAt.toISOString(),
});

/** Where the reader last was in a Bible ('bible') or in another sacred book ('books'). */
export async function getPosition(
  deps: Deps,
  actor: Actor,
  input: { scope: 'bible' | 'books' },
): Promise<PositionDto | null> {
  await gate(deps, actor);
  const snap = await scriptureCache(deps.db).texts();
  const ids = snap.list.filter((t) => isBible(t) === (input.scope === 'bible')).map((t) => t.id);
  const row = await repo.latestPosition(deps.db, requireAccess(actor, 'scripture.personal').userId, ids);
  return row ? toPositionDto(row) : null;
}

export async function savePosition(
  deps: Deps,
  actor: Actor,
  input: ChapterInput & { verse?: number | undefined },
): Promise<PositionDto> {
  await gate(deps, actor);
  const entry = await findChapter(deps.db, input);
  if (!entry) throw new AppError('NOT_FOUND');
  const verse = input.verse ?? null;
  if (verse !== null && (verse < entry.firstVerse || verse > entry.lastVerse)) throw new AppError('NOT_FOUND');
  const row = await repo.upsertPosition(deps.db, {
    userId: requireAccess(actor, 'scripture.personal').userId,
    textId: entry.textId,
    bookCode: entry.book.code,
    chapter: entry.chapter,
    verse,
    updatedAt: deps.clock.now(),
  });
  return toPositionDto(row);
}
