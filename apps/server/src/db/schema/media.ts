import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { communityPosts } from './community.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A photo or video a member uploaded (decision 019). Uploaded first, then attached to the post
 * it was chosen for; one never attached is removed by the housekeeping after a day.
 * `status`: 'ready' (served), 'processing' (a video being transcoded), 'failed'.
 * The stored files' keys follow from the id and kind (modules/media/keys.ts).
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    /** The uploaded file's type, read from its bytes. */
    sourceType: text('source_type').notNull(),
    /** Bytes as uploaded (the daily allowance counts these). */
    sourceBytes: bigint('source_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    /** A tiny blurred WebP (a data: URL) shown while the picture loads. */
    placeholder: text('placeholder'),
    /** Why processing failed (a code of the error catalogue), told to the author. */
    error: text('error'),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'set null' }),
    /** A counsellor's profile photo (the counsellor's id): kept, not swept as an unposted upload. */
    profileOf: uuid('profile_of').references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerId, t.createdAt),
    index('media_post_idx').on(t.postId, t.position),
    check('media_kind_check', sql`${t.kind} IN ('photo', 'video')`),
    check('media_status_check', sql`${t.status} IN ('ready', 'processing', 'failed')`),
  ],
);

/** A file another app shared with Candeia, kept until it is claimed (modules/media/share.ts). */
export interface StashedFile {
  /** A server-made storage key (`shares/<uuid>.bin`). */
  key: string;
  bytes: number;
}

/**
 * What the share sheet posted to `/share` (decision 021), kept for an hour for the browser that
 * holds its cookie: the cookie carries the id and a random secret, only the secret's SHA-256 is here.
 */
export const shareStashes = pgTable(
  'share_stashes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    secretHash: text('secret_hash').notNull(),
    title: text('title').notNull().default(''),
    text: text('text').notNull().default(''),
    url: text('url').notNull().default(''),
    files: jsonb('files').$type<StashedFile[]>().notNull().default([]),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('share_stashes_created_idx').on(t.createdAt)],
);
