import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  communityComments,
  communityFollows,
  communityMembers,
  communityPosts,
  communityPrayers,
  communityReactions,
  users,
} from '../../db/schema/index.ts';

export type PostRow = typeof communityPosts.$inferSelect;
export type CommentRow = typeof communityComments.$inferSelect;

/** A position in a feed: the last post of a page, by time then id. */
export interface Cursor {
  at: Date;
  id: string;
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
}

export async function memberByHandle(db: DbOrTx, handle: string): Promise<MemberRow | null> {
  const [row] = await db
    .select({
      userId: communityMembers.userId,
      handle: communityMembers.handle,
      firstName: users.firstName,
      lastName: users.lastName,
      joinedAt: communityMembers.createdAt,
    })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(eq(communityMembers.handle, handle));
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

/** The members who follow `userId` (followers) or whom `userId` follows (following), newest first. */
export async function followList(db: DbOrTx, userId: string, which: 'followers' | 'following', limit: number) {
  const other = which === 'followers' ? communityFollows.followerId : communityFollows.followeeId;
  const self = which === 'followers' ? communityFollows.followeeId : communityFollows.followerId;
  return await db
    .select({ handle: communityMembers.handle, firstName: users.firstName, lastName: users.lastName })
    .from(communityFollows)
    .innerJoin(communityMembers, eq(communityMembers.userId, other))
    .innerJoin(users, eq(users.id, other))
    .where(eq(self, userId))
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
  };
}

export type PostView = Awaited<ReturnType<typeof findPost>> & object;

export async function insertPost(
  db: DbOrTx,
  values: { authorId: string; body: string; isPrayer: boolean; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(communityPosts).values(values).returning({ id: communityPosts.id });
  return row!.id;
}

export async function findPost(db: DbOrTx, id: string, viewerId: string | null) {
  const [row] = await db
    .select(postColumns(viewerId))
    .from(communityPosts)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityPosts.authorId))
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(and(eq(communityPosts.id, id), eq(communityPosts.status, 'published')));
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

const before = (c: Cursor | null): SQL | undefined =>
  c
    ? or(lt(communityPosts.createdAt, c.at), and(eq(communityPosts.createdAt, c.at), lt(communityPosts.id, c.id)))
    : undefined;

/**
 * A page of a feed, newest first: 'discover' is everyone's posts; 'following' the posts of the
 * people the viewer follows, and the viewer's own; `authorId` one member's posts.
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
  const scope =
    q.feed === 'following' && q.viewerId
      ? followingScope(db, q.viewerId)
      : q.feed === 'author' && q.authorId
        ? eq(communityPosts.authorId, q.authorId)
        : undefined;
  return await db
    .select(postColumns(q.viewerId))
    .from(communityPosts)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityPosts.authorId))
    .innerJoin(users, eq(users.id, communityPosts.authorId))
    .where(and(eq(communityPosts.status, 'published'), scope, before(q.cursor)))
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(q.limit);
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
        scope,
        or(
          gt(communityPosts.createdAt, anchor.at),
          and(eq(communityPosts.createdAt, anchor.at), gt(communityPosts.id, anchor.id)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** The post's author and state, for the permission checks. */
export async function postOwner(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ authorId: communityPosts.authorId, isPrayer: communityPosts.isPrayer })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, id), eq(communityPosts.status, 'published')));
  return row ?? null;
}

export async function updatePostBody(db: DbOrTx, id: string, authorId: string, body: string, at: Date) {
  const res = await db
    .update(communityPosts)
    .set({ body, editedAt: at })
    .where(
      and(eq(communityPosts.id, id), eq(communityPosts.authorId, authorId), eq(communityPosts.status, 'published')),
    );
  return (res.rowCount ?? 0) > 0;
}

export async function removePost(db: DbOrTx, id: string, authorId: string) {
  const res = await db
    .update(communityPosts)
    .set({ status: 'removed' })
    .where(
      and(eq(communityPosts.id, id), eq(communityPosts.authorId, authorId), eq(communityPosts.status, 'published')),
    );
  return (res.rowCount ?? 0) > 0;
}

export async function markAnswered(db: DbOrTx, id: string, authorId: string, testimony: string | null, at: Date) {
  const res = await db
    .update(communityPosts)
    .set({ answeredAt: at, testimony })
    .where(
      and(
        eq(communityPosts.id, id),
        eq(communityPosts.authorId, authorId),
        eq(communityPosts.isPrayer, true),
        eq(communityPosts.status, 'published'),
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

export async function listPrayers(db: DbOrTx, postId: string, limit: number) {
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
    .where(eq(communityPrayers.postId, postId))
    .orderBy(desc(communityPrayers.createdAt))
    .limit(limit);
}

// ---------- Comments ----------

/** Comments with their author's handle and name; `where` picks which. */
const commentsWhere = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      comment: communityComments,
      handle: communityMembers.handle,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(communityComments)
    .innerJoin(communityMembers, eq(communityMembers.userId, communityComments.authorId))
    .innerJoin(users, eq(users.id, communityComments.authorId))
    .where(where);

export async function listComments(db: DbOrTx, postId: string, limit: number) {
  return await commentsWhere(db, eq(communityComments.postId, postId))
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

export async function findComment(db: DbOrTx, postId: string, id: string) {
  const [row] = await commentsWhere(db, and(eq(communityComments.postId, postId), eq(communityComments.id, id)));
  return row ?? null;
}

export async function updateComment(db: DbOrTx, postId: string, id: string, authorId: string, body: string, at: Date) {
  const res = await db
    .update(communityComments)
    .set({ body, editedAt: at })
    .where(
      and(eq(communityComments.postId, postId), eq(communityComments.id, id), eq(communityComments.authorId, authorId)),
    );
  return (res.rowCount ?? 0) > 0;
}

/** Deletes a comment written by `userId`, or any comment on a post `userId` wrote. */
export async function deleteComment(db: DbOrTx, postId: string, id: string, userId: string) {
  const res = await db
    .delete(communityComments)
    .where(
      and(
        eq(communityComments.postId, postId),
        eq(communityComments.id, id),
        or(
          eq(communityComments.authorId, userId),
          sql`EXISTS (SELECT 1 FROM ${communityPosts} WHERE ${communityPosts.id} = ${postId} AND ${communityPosts.authorId} = ${userId})`,
        ),
      ),
    );
  if ((res.rowCount ?? 0) === 0) return false;
  await db
    .update(communityPosts)
    .set({ commentCount: sql`GREATEST(${communityPosts.commentCount} - 1, 0)` })
    .where(eq(communityPosts.id, postId));
  return true;
}
