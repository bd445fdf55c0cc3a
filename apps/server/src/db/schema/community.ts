import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's public face in the community: the handle of `/u/:handle`, made from the name on
 * the first visit (never from the e-mail address, which stays private).
 */
export const communityMembers = pgTable('community_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text('handle').notNull().unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * A post of the feed: text (SPEC.md §5: text or a media item), possibly a prayer request.
 * `status`: 'published' (in the feeds) or 'removed' (by its author: gone from every feed).
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
    check('community_posts_status_check', sql`${t.status} IN ('published', 'removed')`),
  ],
);

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
    createdAt: tz('created_at').notNull().defaultNow(),
    editedAt: tz('edited_at'),
  },
  (t) => [index('community_comments_post_idx').on(t.postId, t.createdAt, t.id)],
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
