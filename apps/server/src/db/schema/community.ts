import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's public face in the community: the handle of `/u/:handle`, made from the name on
 * the first visit (never from the e-mail address, which stays private).
 * A suspension by the moderation (`suspendedAt` set): the member reads but does not post,
 * comment or react until `suspendedUntil` (none: until an administrator lifts it).
 */
export const communityMembers = pgTable('community_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text('handle').notNull().unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
  suspendedAt: tz('suspended_at'),
  suspendedUntil: tz('suspended_until'),
  suspensionReason: text('suspension_reason'),
});

/**
 * A post of the feed: text (SPEC.md §5: text or a media item), possibly a prayer request.
 * `status`: 'published' (in the feeds); 'held' (awaiting review: a new member's first posts, or
 * a listed word; only its author sees it); 'hidden' (by the moderation: only its author sees it,
 * marked); 'removed' (by its author or the moderation: gone for everyone).
 * `publishedAt`: when it went out (null while held); `sensitive`: shown behind a click.
 * The counters move in the same transaction as the rows they count.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    isPrayer: boolean('is_prayer').notNull().default(false),
    /** A prayer request its author marked answered, with an optional testimony. */
    answeredAt: tz('answered_at'),
    testimony: text('testimony'),
    status: text('status').notNull().default('published'),
    /** Why a held post waits: 'first_posts' or 'words'. */
    heldReason: text('held_reason'),
    publishedAt: tz('published_at'),
    sensitive: boolean('sensitive').notNull().default(false),
    reactionCount: integer('reaction_count').notNull().default(0),
    prayerCount: integer('prayer_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    editedAt: tz('edited_at'),
  },
  (t) => [
    index('community_posts_feed_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('community_posts_author_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    // Seguindo: each followed member's newest published posts, read from the index alone.
    index('community_posts_author_published_idx')
      .on(t.authorId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('community_posts_held_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'held'`),
    check('community_posts_status_check', sql`${t.status} IN ('published', 'held', 'hidden', 'removed')`),
  ],
);

/**
 * A comment. `status`: 'published'; 'hidden' by the moderation (its author still sees it,
 * marked); 'removed' by the moderation (gone). An author's own delete removes the row.
 */
export const communityComments = pgTable(
  'community_comments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    status: text('status').notNull().default('published'),
    sensitive: boolean('sensitive').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    editedAt: tz('edited_at'),
  },
  (t) => [
    index('community_comments_post_idx').on(t.postId, t.createdAt, t.id),
    check('community_comments_status_check', sql`${t.status} IN ('published', 'hidden', 'removed')`),
  ],
);

/** A member's mark on a post, once per member and post; the post keeps its count. */
const postMark = (name: string) =>
  pgTable(
    name,
    {
      postId: uuid('post_id')
        .notNull()
        .references(() => communityPosts.id, { onDelete: 'cascade' }),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: tz('created_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.postId, t.userId] })],
  );

/** A reaction ("Amém"). */
export const communityReactions = postMark('community_reactions');
/** "Orei por você" on a prayer request. */
export const communityPrayers = postMark('community_prayers');

/** Who follows whom: Seguindo shows the posts of the people a member follows. */
export const communityFollows = pgTable(
  'community_follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('community_follows_followee_idx').on(t.followeeId),
    check('community_follows_self_check', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Mutes: the muted member's posts and comments leave the member's feeds and post pages (not told). */
export const communityMutes = pgTable(
  'community_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: uuid('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mutedId] }),
    check('community_mutes_self_check', sql`${t.userId} <> ${t.mutedId}`),
  ],
);

/** Blocks: the two members no longer see each other, and no follow is left either way. */
export const communityBlocks = pgTable(
  'community_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('community_blocks_blocked_idx').on(t.blockedId),
    check('community_blocks_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** The reasons a member picks when reporting a post or a comment. */
export const REPORT_REASONS_SQL = "('spam', 'harassment', 'false_or_harmful', 'inappropriate', 'other')";

/**
 * A member's report of someone else's post or comment (`commentId` set). One open report per
 * member and item; the moderation closes them with what it did (`resolution`).
 */
export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    resolution: text('resolution'),
    createdAt: tz('created_at').notNull().defaultNow(),
    resolvedAt: tz('resolved_at'),
  },
  (t) => [
    uniqueIndex('community_reports_open_post_uq')
      .on(t.reporterId, t.postId)
      .where(sql`${t.status} = 'open' AND ${t.commentId} IS NULL`),
    uniqueIndex('community_reports_open_comment_uq')
      .on(t.reporterId, t.commentId)
      .where(sql`${t.status} = 'open' AND ${t.commentId} IS NOT NULL`),
    index('community_reports_open_idx')
      .on(t.postId, t.commentId)
      .where(sql`${t.status} = 'open'`),
    check('community_reports_reason_check', sql.raw(`reason IN ${REPORT_REASONS_SQL}`)),
    check('community_reports_status_check', sql`${t.status} IN ('open', 'closed')`),
  ],
);

/**
 * What the moderation did, one row per action: who (the admin), what (`action`), to what
 * (`targetType` post, comment, member or settings; `targetId`; the member it touched), why, when.
 * Kept when the admin's or the member's account goes (the ids are set to null).
 */
export const communityModerationLog = pgTable(
  'community_moderation_log',
  {
    /** In the order written (the log's order when two rows share a time). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    /** A suspension's end, for the log to show it. */
    until: tz('until'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_moderation_log_time_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * The moderation settings, one row (id 1): hold the first N posts of a new member for review
 * (0: off), and the listed words per language that hold a post containing one.
 */
export const communityModerationSettings = pgTable(
  'community_moderation_settings',
  {
    id: integer('id').primaryKey().default(1),
    holdFirstPosts: integer('hold_first_posts').notNull().default(0),
    wordsPt: text('words_pt')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    wordsEn: text('words_en')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    wordsEs: text('words_es')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Members who follow each other may write to each other (/messages). Off until an administrator allows it. */
    memberMessages: boolean('member_messages').notNull().default(false),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('community_moderation_settings_one_row', sql`${t.id} = 1`)],
);
