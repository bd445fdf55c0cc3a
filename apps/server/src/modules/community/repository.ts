import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { runPrepared, type DbOrTx } from '../../db/client.ts';
import {
  communityBlocks,
  communityComments,
  communityFollows,
  communityMembers,
  communityModerationLog,
  communityModerationSettings,
  communityMutes,
  communityPosts,
  communityPrayers,
  communityReactions,
  communityReports,
  users,
} from '../../db/schema/index.ts';

export type PostRow = typeof communityPosts.$inferSelect;
export type CommentRow = typeof communityComments.$inferSelect;

/** A position in a feed: the last post of a page, by time then id. */
export interface Cursor {
  at: Date;
  id: string;
}

// ---------- Who sees whom ----------

/** No block between the viewer and the member in `col`, either way. */
const notBlocked = (viewerId: string | null, col: SQL.Aliased | typeof communityPosts.authorId | SQL) =>
  viewerId
    ? sql`NOT EXISTS (SELECT 1 FROM ${communityBlocks} b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ${col}) OR (b.blocker_id = ${col} AND b.blocked_id = ${viewerId}))`
    : undefined;

/** The viewer did not mute the member in `col`. */
const notMuted = (viewerId: string | null, col: typeof communityPosts.authorId | SQL) =>
  viewerId
    ? sql`NOT EXISTS (SELECT 1 FROM ${communityMutes} m WHERE m.user_id = ${viewerId} AND m.muted_id = ${col})`
    : undefined;

/** Posts the viewer may see by their state: published ones, and their own held or hidden ones. */
const postVisible = (viewerId: string | null) =>
  viewerId
    ? or(
        eq(communityPosts.status, 'published'),
        and(eq(communityPosts.authorId, viewerId), inArray(communityPosts.status, ['held', 'hidden'])),
      )
    : eq(communityPosts.status, 'published');

/** How two members stand: muted and blocked by the viewer, or blocking the viewer. */
export async function relation(db: DbOrTx, viewerId: string, otherId: string) {
  const [row] = await db
    .select({
      muted: sql<boolean>`EXISTS (SELECT 1 FROM ${communityMutes} WHERE ${communityMutes.userId} = ${viewerId} AND ${communityMutes.mutedId} = ${otherId})`,
      blocked: sql<boolean>`EXISTS (SELECT 1 FROM ${communityBlocks} WHERE ${communityBlocks.blockerId} = ${viewerId} AND ${communityBlocks.blockedId} = ${otherId})`,
      blockedBy: sql<boolean>`EXISTS (SELECT 1 FROM ${communityBlocks} WHERE ${communityBlocks.blockerId} = ${otherId} AND ${communityBlocks.blockedId} = ${viewerId})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return { muted: Boolean(row?.muted), blocked: Boolean(row?.blocked), blockedBy: Boolean(row?.blockedBy) };
}

export async function setMute(db: DbOrTx, userId: string, mutedId: string, on: boolean, at: Date): Promise<void> {
  if (on) await db.insert(communityMutes).values({ userId, mutedId, createdAt: at }).onConflictDoNothing();
  else
    await db.delete(communityMutes).where(and(eq(communityMutes.userId, userId), eq(communityMutes.mutedId, mutedId)));
}

/** Blocks (and drops the follows both ways) or unblocks. */
export async function setBlock(db: DbOrTx, blockerId: string, blockedId: string, on: boolean, at: Date) {
  if (!on) {
    await db
      .delete(communityBlocks)
      .where(and(eq(communityBlocks.blockerId, blockerId), eq(communityBlocks.blockedId, blockedId)));
    return;
  }
  await db.insert(communityBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
  await db
    .delete(communityFollows)
    .where(
      or(
        and(eq(communityFollows.followerId, blockerId), eq(communityFollows.followeeId, blockedId)),
        and(eq(communityFollows.followerId, blockedId), eq(communityFollows.followeeId, blockerId)),
      ),
    );
}

/** The members the viewer muted, or blocked, newest first. */
export async function relationList(db: DbOrTx, viewerId: string, which: 'muted' | 'blocked', limit: number) {
  const table = which === 'muted' ? communityMutes : communityBlocks;
  const self = which === 'muted' ? communityMutes.userId : communityBlocks.blockerId;
  const other = which === 'muted' ? communityMutes.mutedId : communityBlocks.blockedId;
  return await db
    .select({ handle: communityMembers.handle, firstName: users.firstName, lastName: users.lastName })
    .from(table)
    .innerJoin(communityMembers, eq(communityMembers.userId, other))
    .innerJoin(users, eq(users.id, other))
    .where(eq(self, viewerId))
    .orderBy(desc(table.createdAt))
    .limit(limit);
}

// ---------- Members ----------

export async function findHandle(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ handle: communityMembers.handle })
    .from(communityMembers)
    .where(eq(communityMembers.userId, userId));
  return row?.handle ?? null;
}

/** Inserts the member with this handle; false when the handle is taken (or the member exists). */
export async function insertMember(db: DbOrTx, userId: string, handle: string, at: Date): Promise<boolean> {
  const res = await db.insert(communityMembers).values({ userId, handle, createdAt: at }).onConflictDoNothing();
  return (res.rowCount ?? 0) > 0;
}

export async function userName(db: DbOrTx, userId: string): Promise<{ firstName: string; lastName: string } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface MemberRow {
  userId: string;
  handle: string;
  firstName: string;
  lastName: string;
  joinedAt: Date;
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
}

export async function memberByHandle(db: DbOrTx, handle: string): Promise<MemberRow | null> {
  const [row] = await db
    .select({
      userId: communityMembers.userId,
      handle: communityMembers.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      joinedAt: communityMembers.createdAt,
      suspendedAt: communityMembers.suspendedAt,
      suspendedUntil: communityMembers.suspendedUntil,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(eq(communityMembers.handle, handle));
  return row ?? null;
}

/** The member's running suspension, if one was set (its end may have passed). */
export async function suspensionOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ since: communityMembers.suspendedAt, until: communityMembers.suspendedUntil })
    .from(communityMembers)
    .where(and(eq(communityMembers.userId, userId), isNotNull(communityMembers.suspendedAt)));
  return row ?? null;
}

export async function memberCounts(db: DbOrTx, userId: string, viewerId: string) {
  const [row] = await db
    .select({
      followers: sql<number>`(SELECT count(*)::int FROM ${communityFollows} WHERE ${communityFollows.followeeId} = ${userId})`,
      following: sql<number>`(SELECT count(*)::int FROM ${communityFollows} WHERE ${communityFollows.followerId} = ${userId})`,
      posts: sql<number>`(SELECT count(*)::int FROM ${communityPosts} WHERE ${communityPosts.authorId} = ${userId} AND ${communityPosts.status} = 'published')`,
      followed: sql<boolean>`EXISTS (SELECT 1 FROM ${communityFollows} WHERE ${communityFollows.followerId} = ${viewerId} AND ${communityFollows.followeeId} = ${userId})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row!;
}

export async function follow(db: DbOrTx, followerId: string, followeeId: string, at: Date): Promise<void> {
  await db.insert(communityFollows).values({ followerId, followeeId, createdAt: at }).onConflictDoNothing();
}

export async function unfollow(db: DbOrTx, followerId: string, followeeId: string): Promise<void> {
  await db
    .delete(communityFollows)
    .where(and(eq(communityFollows.followerId, followerId), eq(communityFollows.followeeId, followeeId)));
}

/**
 * The members who follow `userId` (followers) or whom `userId` follows (following), newest first;
 * none the viewer blocked or is blocked by.
 */
export async function followList(
  db: DbOrTx,
  userId: string,
  which: 'followers' | 'following',
  viewerId: string,
  limit: number,
) {
  const other = which === 'followers' ? communityFollows.followerId : communityFollows.followeeId;
  const self = which === 'followers' ? communityFollows.followeeId : communityFollows.followerId;
  return await db
    .select({ handle: communityMembers.handle, firstName: users.firstName, lastName: users.lastName })
    .from(communityFollows)
    .innerJoin(communityMembers, eq(communityMembers.userId, other))
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(self, userId), notBlocked(viewerId, sql`${other}`)))
    .orderBy(desc(communityFollows.createdAt))
    .limit(limit);
}

// ---------- Posts ----------

/** A post as the reader sees it: its author's name and handle, and what the reader did. */
function postColumns(viewerId: string | null) {
  return {
    post: communityPosts,
    handle: communityMembers.handle,
    firstName: users.firstName,
    lastName: users.lastName,
    reacted: viewerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM ${communityReactions} r WHERE r.post_id = ${communityPosts.id} AND r.user_id = ${viewerId})`
      : sql<boolean>`false`,
    prayed: viewerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM ${communityPrayers} p WHERE p.post_id = ${communityPosts.id} AND p.user_id = ${viewerId})`
      : sql<boolean>`false`,
    reportId: viewerId
      ? sql<
          string | null
        >`(SELECT r.id FROM ${communityReports} r WHERE r.post_id = ${communityPosts.id} AND r.comment_id IS NULL AND r.reporter_id = ${viewerId} AND r.status = 'open')`
      : sql<string | null>`NULL::uuid`,
  };
}

export type PostView = Awaited<ReturnType<typeof findPost>> & object;

/** A new post: published at once, or held for review (`held` says why). */
export async function insertPost(
  db: DbOrTx,
  values: { authorId: string; body: string; isPrayer: boolean; createdAt: Date; held?: 'first_posts' | 'words' | null },
): Promise<string> {
  const { held, ...rest } = values;
  const [row] = await db
    .insert(communityPosts)
    .values({
      ...rest,
      status: held ? 'held' : 'published',
      heldReason: held ?? null,
      publishedAt: held ? null : values.createdAt,
    })
    .returning({ id: communityPosts.id });
  return row!.id;
}

/** How many of the member's posts went out (were published, whatever came of them after). */
export async function publishedPostCount(db: DbOrTx, authorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(communityPosts)
    .where(and(eq(communityPosts.authorId, authorId), isNotNull(communityPosts.publishedAt)));
  return row?.n ?? 0;
}

/**
 * One post as the viewer sees it: published, or their own held or hidden post; none when a block
 * stands between them. (A muted member's post opens by its link.)
 */
export async function findPost(db: DbOrTx, id: string, viewerId: string | null) {
  const [row] = await db
    .select(postColumns(viewerId))
    .from(communityPosts)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityPosts.authorId))
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(and(eq(communityPosts.id, id), postVisible(viewerId), notBlocked(viewerId, communityPosts.authorId)));
  return row ?? null;
}

/** Seguindo: the posts of the people the viewer follows, and the viewer's own. */
const followingScope = (db: DbOrTx, viewerId: string) =>
  or(
    eq(communityPosts.authorId, viewerId),
    inArray(
      communityPosts.authorId,
      db
        .select({ id: communityFollows.followeeId })
        .from(communityFollows)
        .where(eq(communityFollows.followerId, viewerId)),
    ),
  );

/** ` AND <condition>`, or nothing. */
const andAlso = (c: SQL | undefined): SQL => (c ? sql` AND ${c}` : sql``);

/**
 * ` AND` the post aliased `k` is older than the cursor: one row comparison, which the indexes on
 * (…, created_at, id) walk from.
 */
const olderThan = (c: Cursor | null): SQL =>
  c ? sql` AND (k.created_at, k.id) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)` : sql``;

/**
 * The (id, created_at) of a feed page, each branch in (time, id) order along an index and cut at
 * `limit`, so no branch reads more than a page:
 * - discover: the published posts (`community_posts_feed_idx`) with no block or mute between,
 *   and the viewer's own held or hidden ones;
 * - following: for each member the viewer follows, their newest published posts
 *   (`community_posts_author_published_idx`, from the index alone), and the viewer's own;
 * - author: one member's posts the viewer may see.
 * The order says NULLS LAST because the indexes are built so (`.desc()` in the schema): a bare
 * DESC (NULLS FIRST) would not walk them, and PostgreSQL would sort the whole table instead.
 */
function pageKeys(q: {
  viewerId: string | null;
  feed: 'following' | 'discover' | 'author';
  authorId?: string;
  cursor: Cursor | null;
  limit: number;
}): SQL {
  const v = q.viewerId;
  const author = sql`k.author_id`;
  const own = (statuses: SQL) =>
    sql`(SELECT k.id, k.created_at FROM ${communityPosts} k WHERE k.author_id = ${v} AND k.status IN ${statuses}${olderThan(q.cursor)} ORDER BY k.created_at DESC NULLS LAST, k.id DESC NULLS LAST LIMIT ${q.limit})`;
  if (q.feed === 'author' && q.authorId) {
    const visible = v
      ? sql`(k.status = 'published' OR (k.author_id = ${v} AND k.status IN ('held', 'hidden')))`
      : sql`k.status = 'published'`;
    return sql`(SELECT k.id, k.created_at FROM ${communityPosts} k WHERE k.author_id = ${q.authorId} AND ${visible}${andAlso(notBlocked(v, author))}${olderThan(q.cursor)} ORDER BY k.created_at DESC NULLS LAST, k.id DESC NULLS LAST LIMIT ${q.limit})`;
  }
  if (q.feed === 'following' && v) {
    const followee = sql`f.followee_id`;
    return sql`(SELECT k.id, k.created_at FROM ${communityFollows} f CROSS JOIN LATERAL (SELECT k.id, k.created_at FROM ${communityPosts} k WHERE k.author_id = f.followee_id AND k.status = 'published'${olderThan(q.cursor)} ORDER BY k.created_at DESC NULLS LAST, k.id DESC NULLS LAST LIMIT ${q.limit}) k WHERE f.follower_id = ${v}${andAlso(notBlocked(v, followee))}${andAlso(notMuted(v, followee))}) UNION ALL ${own(sql`('published', 'held', 'hidden')`)}`;
  }
  const published = sql`(SELECT k.id, k.created_at FROM ${communityPosts} k WHERE k.status = 'published'${andAlso(notBlocked(v, author))}${andAlso(notMuted(v, author))}${olderThan(q.cursor)} ORDER BY k.created_at DESC NULLS LAST, k.id DESC NULLS LAST LIMIT ${q.limit})`;
  return v ? sql`${published} UNION ALL ${own(sql`('held', 'hidden')`)}` : published;
}

/**
 * A page of a feed, newest first: 'discover' is everyone's posts; 'following' the posts of the
 * people the viewer follows, and the viewer's own; `authorId` one member's posts. Published posts
 * and the viewer's own held or hidden ones; never a blocked member's (either way), and in the
 * two feeds never a muted member's. The page's posts are picked first (`pageKeys`), then read
 * with their authors and what the viewer did, for those posts only.
 */
export async function feedPage(
  db: DbOrTx,
  q: {
    viewerId: string | null;
    feed: 'following' | 'discover' | 'author';
    authorId?: string;
    cursor: Cursor | null;
    limit: number;
  },
) {
  // Asked on every feed request: prepared, so PostgreSQL plans it once per connection.
  return await runPrepared(
    db
      .select(postColumns(q.viewerId))
      .from(communityPosts)
      .innerJoin(communityMembers, eq(communityMembers.userId, communityPosts.authorId))
      .innerJoin(users, eq(users.id, communityPosts.authorId))
      .where(
        sql`${communityPosts.id} IN (SELECT page.id FROM (${pageKeys(q)}) page ORDER BY page.created_at DESC, page.id DESC LIMIT ${q.limit})`,
      )
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id)),
  );
}

/** How many posts of a feed are newer than the post `afterId` (the pill "novas publicações"). */
export async function countNewer(db: DbOrTx, q: { viewerId: string; feed: 'following' | 'discover'; afterId: string }) {
  const [anchor] = await db
    .select({ at: communityPosts.createdAt, id: communityPosts.id })
    .from(communityPosts)
    .where(eq(communityPosts.id, q.afterId));
  if (!anchor) return 0;
  const scope = q.feed === 'following' ? followingScope(db, q.viewerId) : undefined;
  const [row] = await db
    .select({ n: count() })
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.status, 'published'),
        notBlocked(q.viewerId, communityPosts.authorId),
        notMuted(q.viewerId, communityPosts.authorId),
        scope,
        or(
          gt(communityPosts.createdAt, anchor.at),
          and(eq(communityPosts.createdAt, anchor.at), gt(communityPosts.id, anchor.id)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The post's author and state, for the permission checks: a post the viewer may see (published,
 * or their own held or hidden one), with no block between them. Signed out: published only.
 */
export async function postFor(db: DbOrTx, id: string, viewerId: string | null) {
  const [row] = await db
    .select({ authorId: communityPosts.authorId, isPrayer: communityPosts.isPrayer, status: communityPosts.status })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), postVisible(viewerId), notBlocked(viewerId, communityPosts.authorId)));
  return row ?? null;
}

/** The author changes the text of a published or held post; `hold` sends it (back) to review. */
export async function updatePostBody(
  db: DbOrTx,
  id: string,
  authorId: string,
  body: string,
  at: Date,
  hold: 'words' | null,
) {
  const res = await db
    .update(communityPosts)
    .set({
      body,
      editedAt: at,
      ...(hold ? { status: 'held', heldReason: sql`COALESCE(${communityPosts.heldReason}, ${hold})` } : {}),
    })
    .where(
      and(
        eq(communityPosts.id, id),
        eq(communityPosts.authorId, authorId),
        inArray(communityPosts.status, ['published', 'held']),
      ),
    );
  return (res.rowCount ?? 0) > 0;
}

/** The author deletes their post (published, held or hidden). */
export async function removePost(db: DbOrTx, id: string, authorId: string) {
  const res = await db
    .update(communityPosts)
    .set({ status: 'removed' })
    .where(
      and(
        eq(communityPosts.id, id),
        eq(communityPosts.authorId, authorId),
        inArray(communityPosts.status, ['published', 'held', 'hidden']),
      ),
    );
  return (res.rowCount ?? 0) > 0;
}

export async function markAnswered(
  db: DbOrTx,
  id: string,
  authorId: string,
  testimony: string | null,
  at: Date,
  hold: 'words' | null,
) {
  const res = await db
    .update(communityPosts)
    .set({
      answeredAt: at,
      testimony,
      ...(hold ? { status: 'held', heldReason: sql`COALESCE(${communityPosts.heldReason}, ${hold})` } : {}),
    })
    .where(
      and(
        eq(communityPosts.id, id),
        eq(communityPosts.authorId, authorId),
        eq(communityPosts.isPrayer, true),
        inArray(communityPosts.status, ['published', 'held']),
      ),
    );
  return (res.rowCount ?? 0) > 0;
}

// ---------- Reactions and prayers ----------

/** A member's mark on a post (an "Amém", an "Orei por você") and the post's counter of it. */
const MARKS = {
  reaction: { table: communityReactions, counter: 'reactionCount' },
  prayer: { table: communityPrayers, counter: 'prayerCount' },
} as const;

/** Adds or takes back the reader's mark; the counter moves only when a row did. */
export async function setMark(
  db: DbOrTx,
  kind: keyof typeof MARKS,
  q: { postId: string; userId: string; on: boolean; at: Date },
) {
  const { table, counter } = MARKS[kind];
  const res = q.on
    ? await db.insert(table).values({ postId: q.postId, userId: q.userId, createdAt: q.at }).onConflictDoNothing()
    : await db.delete(table).where(and(eq(table.postId, q.postId), eq(table.userId, q.userId)));
  if ((res.rowCount ?? 0) > 0)
    await db
      .update(communityPosts)
      .set({ [counter]: sql`${communityPosts[counter]} + ${q.on ? 1 : -1}` })
      .where(eq(communityPosts.id, q.postId));
}

/** Who prayed for a request, newest first; none that the post's author blocked or is blocked by. */
export async function listPrayers(db: DbOrTx, postId: string, authorId: string, limit: number) {
  return await db
    .select({
      handle: communityMembers.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      at: communityPrayers.createdAt,
    })
    .from(communityPrayers)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityPrayers.userId))
    .innerJoin(users, eq(users.id, communityPrayers.userId))
    .where(and(eq(communityPrayers.postId, postId), notBlocked(authorId, sql`${communityPrayers.userId}`)))
    .orderBy(desc(communityPrayers.createdAt))
    .limit(limit);
}

// ---------- Comments ----------

/** Comments with their author's handle and name, and the viewer's open report; `where` picks which. */
const commentsWhere = (db: DbOrTx, viewerId: string | null, where: SQL | undefined) =>
  db
    .select({
      comment: communityComments,
      handle: communityMembers.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      reportId: viewerId
        ? sql<
            string | null
          >`(SELECT r.id FROM ${communityReports} r WHERE r.comment_id = ${communityComments.id} AND r.reporter_id = ${viewerId} AND r.status = 'open')`
        : sql<string | null>`NULL::uuid`,
    })
    .from(communityComments)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityComments.authorId))
    .innerJoin(users, eq(users.id, communityComments.authorId))
    .where(where);

/** Comments the viewer may see: published, or their own hidden ones. */
const commentVisible = (viewerId: string | null) =>
  viewerId
    ? or(
        eq(communityComments.status, 'published'),
        and(eq(communityComments.authorId, viewerId), eq(communityComments.status, 'hidden')),
      )
    : eq(communityComments.status, 'published');

/**
 * A post's comments as the viewer sees them, oldest first: none of a member they muted or
 * blocked or are blocked by.
 */
export async function listComments(db: DbOrTx, postId: string, viewerId: string | null, limit: number) {
  const author = sql`${communityComments.authorId}`;
  return await commentsWhere(
    db,
    viewerId,
    and(
      eq(communityComments.postId, postId),
      commentVisible(viewerId),
      notBlocked(viewerId, author),
      notMuted(viewerId, author),
    ),
  )
    .orderBy(asc(communityComments.createdAt), asc(communityComments.id))
    .limit(limit);
}

export async function insertComment(
  db: DbOrTx,
  values: { postId: string; authorId: string; body: string; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(communityComments).values(values).returning({ id: communityComments.id });
  await db
    .update(communityPosts)
    .set({ commentCount: sql`${communityPosts.commentCount} + 1` })
    .where(eq(communityPosts.id, values.postId));
  return row!.id;
}

/** One comment as the viewer sees it (published, or their own hidden one). */
export async function findComment(db: DbOrTx, postId: string, id: string, viewerId: string | null) {
  const [row] = await commentsWhere(
    db,
    viewerId,
    and(eq(communityComments.postId, postId), eq(communityComments.id, id), commentVisible(viewerId)),
  );
  return row ?? null;
}

/** A published comment's author, for a report. */
export async function commentFor(db: DbOrTx, postId: string, id: string) {
  const [row] = await db
    .select({ authorId: communityComments.authorId })
    .from(communityComments)
    .where(
      and(
        eq(communityComments.postId, postId),
        eq(communityComments.id, id),
        eq(communityComments.status, 'published'),
      ),
    );
  return row ?? null;
}

export async function updateComment(db: DbOrTx, postId: string, id: string, authorId: string, body: string, at: Date) {
  const res = await db
    .update(communityComments)
    .set({ body, editedAt: at })
    .where(
      and(
        eq(communityComments.postId, postId),
        eq(communityComments.id, id),
        eq(communityComments.authorId, authorId),
        eq(communityComments.status, 'published'),
      ),
    );
  return (res.rowCount ?? 0) > 0;
}

/**
 * Deletes a comment written by `userId` (published or hidden), or a published comment on a post
 * `userId` wrote; the post's count moves when a published one goes.
 */
export async function deleteComment(db: DbOrTx, postId: string, id: string, userId: string) {
  const [row] = await db
    .delete(communityComments)
    .where(
      and(
        eq(communityComments.postId, postId),
        eq(communityComments.id, id),
        or(
          and(eq(communityComments.authorId, userId), inArray(communityComments.status, ['published', 'hidden'])),
          and(
            eq(communityComments.status, 'published'),
            sql`EXISTS (SELECT 1 FROM ${communityPosts} WHERE ${communityPosts.id} = ${postId} AND ${communityPosts.authorId} = ${userId})`,
          ),
        ),
      ),
    )
    .returning({ status: communityComments.status });
  if (!row) return false;
  if (row.status === 'published') await uncountComment(db, postId);
  return true;
}

const uncountComment = (db: DbOrTx, postId: string) =>
  db
    .update(communityPosts)
    .set({ commentCount: sql`GREATEST(${communityPosts.commentCount} - 1, 0)` })
    .where(eq(communityPosts.id, postId));

// ---------- Reports ----------

/** A member's report; null when they already have an open one on this item. */
export async function insertReport(
  db: DbOrTx,
  values: { reporterId: string; postId: string; commentId: string | null; reason: string; note: string; at: Date },
) {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(communityReports)
    .values({ ...rest, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: communityReports.id, reason: communityReports.reason, createdAt: communityReports.createdAt });
  return row ?? null;
}

/** The reporter withdraws their open report. */
export async function withdrawReport(db: DbOrTx, id: string, reporterId: string): Promise<boolean> {
  const res = await db
    .delete(communityReports)
    .where(
      and(
        eq(communityReports.id, id),
        eq(communityReports.reporterId, reporterId),
        eq(communityReports.status, 'open'),
      ),
    );
  return (res.rowCount ?? 0) > 0;
}

/** Closes the open reports of a post (`commentId` null) or of a comment; how many. */
export async function closeReports(
  db: DbOrTx,
  item: { postId: string; commentId: string | null },
  resolution: string,
  at: Date,
): Promise<number> {
  const res = await db
    .update(communityReports)
    .set({ status: 'closed', resolution, resolvedAt: at })
    .where(
      and(
        eq(communityReports.status, 'open'),
        item.commentId
          ? eq(communityReports.commentId, item.commentId)
          : and(eq(communityReports.postId, item.postId), isNull(communityReports.commentId)),
      ),
    );
  return res.rowCount ?? 0;
}

// ---------- The moderation queue ----------

/** The reported items: open reports grouped by post or comment, oldest report first. */
export async function openReportGroups(db: DbOrTx, limit: number) {
  return await db
    .select({
      postId: communityReports.postId,
      commentId: communityReports.commentId,
      count: count(),
      first: sql<Date>`min(${communityReports.createdAt})`.mapWith(communityReports.createdAt),
      reasons: sql<string[]>`array_agg(${communityReports.reason} ORDER BY ${communityReports.createdAt})`,
      notes: sql<string[]>`array_agg(${communityReports.note} ORDER BY ${communityReports.createdAt})`,
    })
    .from(communityReports)
    .where(eq(communityReports.status, 'open'))
    .groupBy(communityReports.postId, communityReports.commentId)
    .orderBy(sql`min(${communityReports.createdAt})`)
    .limit(limit);
}

const authorColumns = {
  handle: communityMembers.handle,
  firstName: users.firstName,
  lastName: users.lastName,
  authorId: communityMembers.userId,
  suspendedAt: communityMembers.suspendedAt,
  suspendedUntil: communityMembers.suspendedUntil,
};

/** Posts for the queue by id (not removed), with their author. */
export async function postsForQueue(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return await db
    .select({ post: communityPosts, ...authorColumns })
    .from(communityPosts)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityPosts.authorId))
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(and(inArray(communityPosts.id, ids), inArray(communityPosts.status, ['published', 'held', 'hidden'])));
}

/** The held posts, oldest first, with their author. */
export async function heldPosts(db: DbOrTx, limit: number) {
  return await db
    .select({ post: communityPosts, ...authorColumns })
    .from(communityPosts)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityPosts.authorId))
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(eq(communityPosts.status, 'held'))
    .orderBy(asc(communityPosts.createdAt))
    .limit(limit);
}

/** Comments for the queue by id (published or hidden, on a post not removed), with their author. */
export async function commentsForQueue(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return await db
    .select({ comment: communityComments, ...authorColumns })
    .from(communityComments)
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .innerJoin(communityMembers, eq(communityMembers.userId, communityComments.authorId))
    .innerJoin(users, eq(users.id, communityComments.authorId))
    .where(
      and(
        inArray(communityComments.id, ids),
        inArray(communityComments.status, ['published', 'hidden']),
        inArray(communityPosts.status, ['published', 'held', 'hidden']),
      ),
    );
}

// ---------- Moderation actions ----------

/** The post's author, for the log (whatever its state). */
export async function postAuthor(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ authorId: communityPosts.authorId })
    .from(communityPosts)
    .where(eq(communityPosts.id, id));
  return row?.authorId ?? null;
}

/** The comment's post and author (whatever its state). */
export async function commentRef(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ postId: communityComments.postId, authorId: communityComments.authorId })
    .from(communityComments)
    .where(eq(communityComments.id, id));
  return row ?? null;
}

/**
 * Moves a post for the moderation; false when its state does not take the action. Approve: a
 * held post goes out now (its time is the approval's, so it shows at the top of the feeds).
 */
export async function moderatePost(
  db: DbOrTx,
  id: string,
  action: 'approve' | 'hide' | 'remove' | 'sensitive',
  at: Date,
): Promise<boolean> {
  const change = {
    approve: { set: { status: 'published', heldReason: null, publishedAt: at, createdAt: at }, from: ['held'] },
    hide: { set: { status: 'hidden' }, from: ['published'] },
    remove: { set: { status: 'removed' }, from: ['published', 'held', 'hidden'] },
    sensitive: { set: { sensitive: true }, from: ['published'] },
  }[action];
  const res = await db
    .update(communityPosts)
    .set(change.set)
    .where(and(eq(communityPosts.id, id), inArray(communityPosts.status, change.from)));
  return (res.rowCount ?? 0) > 0;
}

/** Moves a comment for the moderation; a published comment hidden or removed leaves the post's count. */
export async function moderateComment(
  db: DbOrTx,
  id: string,
  action: 'hide' | 'remove' | 'sensitive',
): Promise<boolean> {
  const before = await db
    .select({ status: communityComments.status, postId: communityComments.postId })
    .from(communityComments)
    .where(eq(communityComments.id, id))
    .for('update');
  const was = before[0];
  if (!was) return false;
  const change = {
    hide: { set: { status: 'hidden' }, from: ['published'] },
    remove: { set: { status: 'removed' }, from: ['published', 'hidden'] },
    sensitive: { set: { sensitive: true }, from: ['published'] },
  }[action];
  if (!change.from.includes(was.status)) return false;
  await db.update(communityComments).set(change.set).where(eq(communityComments.id, id));
  if (was.status === 'published' && action !== 'sensitive') await uncountComment(db, was.postId);
  return true;
}

/** Suspends a member (until a moment, or until lifted); their user id, or null for no such member. */
export async function suspendMember(
  db: DbOrTx,
  handle: string,
  s: { at: Date; until: Date | null; reason: string },
): Promise<string | null> {
  const [row] = await db
    .update(communityMembers)
    .set({ suspendedAt: s.at, suspendedUntil: s.until, suspensionReason: s.reason })
    .where(eq(communityMembers.handle, handle))
    .returning({ userId: communityMembers.userId });
  return row?.userId ?? null;
}

/** Lifts a member's suspension; their user id, or null when none was set. */
export async function liftSuspension(db: DbOrTx, handle: string): Promise<string | null> {
  const [row] = await db
    .update(communityMembers)
    .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
    .where(and(eq(communityMembers.handle, handle), isNotNull(communityMembers.suspendedAt)))
    .returning({ userId: communityMembers.userId });
  return row?.userId ?? null;
}

/** The suspensions running at `now`, newest first. */
export async function runningSuspensions(db: DbOrTx, now: Date, limit: number) {
  return await db
    .select({
      handle: communityMembers.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      since: communityMembers.suspendedAt,
      until: communityMembers.suspendedUntil,
      reason: communityMembers.suspensionReason,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(
      and(
        isNotNull(communityMembers.suspendedAt),
        or(isNull(communityMembers.suspendedUntil), gt(communityMembers.suspendedUntil, now)),
      ),
    )
    .orderBy(desc(communityMembers.suspendedAt))
    .limit(limit);
}

// ---------- The moderation log ----------

export async function insertLog(
  db: DbOrTx,
  row: {
    adminId: string;
    action: string;
    targetType: 'post' | 'comment' | 'member' | 'settings';
    targetId: string | null;
    targetUserId: string | null;
    reason: string;
    until?: Date | null;
    at: Date;
  },
): Promise<void> {
  const { at, ...rest } = row;
  await db.insert(communityModerationLog).values({ ...rest, createdAt: at });
}

const logAdmin = alias(users, 'log_admin');
const logMember = alias(users, 'log_member');

/** A page of the log, newest first, with the admin's name and the member's handle and name. */
export async function logPage(db: DbOrTx, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        log: communityModerationLog,
        adminFirst: logAdmin.firstName,
        adminLast: logAdmin.lastName,
        adminEmail: logAdmin.email,
        memberFirst: logMember.firstName,
        memberLast: logMember.lastName,
        memberHandle: communityMembers.handle,
      })
      .from(communityModerationLog)
      .leftJoin(logAdmin, eq(logAdmin.id, communityModerationLog.adminId))
      .leftJoin(logMember, eq(logMember.id, communityModerationLog.targetUserId))
      .leftJoin(communityMembers, eq(communityMembers.userId, communityModerationLog.targetUserId))
      // NULLS LAST, as the index is built (a bare DESC would sort the whole log).
      .orderBy(
        sql`${communityModerationLog.createdAt} DESC NULLS LAST`,
        sql`${communityModerationLog.id} DESC NULLS LAST`,
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(communityModerationLog),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------- Settings ----------

export async function moderationSettings(db: DbOrTx) {
  const [row] = await db.select().from(communityModerationSettings).where(eq(communityModerationSettings.id, 1));
  return (
    row ?? {
      id: 1,
      holdFirstPosts: 0,
      wordsPt: [],
      wordsEn: [],
      wordsEs: [],
      memberMessages: false,
      updatedAt: new Date(0),
    }
  );
}

export async function saveModerationSettings(
  db: DbOrTx,
  s: {
    holdFirstPosts: number;
    wordsPt: string[];
    wordsEn: string[];
    wordsEs: string[];
    memberMessages?: boolean | undefined;
    updatedAt: Date;
  },
) {
  // Left out, the members' messages switch keeps its value.
  const { memberMessages, ...rest } = s;
  const set = memberMessages === undefined ? rest : { ...rest, memberMessages };
  const [row] = await db
    .insert(communityModerationSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: communityModerationSettings.id, set })
    .returning();
  return row!;
}

/** Whether the two members follow each other. */
export async function followEachOther(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(communityFollows)
    .where(
      or(
        and(eq(communityFollows.followerId, a), eq(communityFollows.followeeId, b)),
        and(eq(communityFollows.followerId, b), eq(communityFollows.followeeId, a)),
      ),
    );
  return (row?.n ?? 0) === 2;
}

/** The member with this handle, by id. */
export async function userIdOfHandle(db: DbOrTx, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .where(eq(communityMembers.handle, handle));
  return row?.userId ?? null;
}

/** The members this member follows (the most recent `limit`): whose posts reach their Seguindo. */
export async function followeeIds(db: DbOrTx, followerId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: communityFollows.followeeId })
    .from(communityFollows)
    .where(eq(communityFollows.followerId, followerId))
    .orderBy(desc(communityFollows.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
