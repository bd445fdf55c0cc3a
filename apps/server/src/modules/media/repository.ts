import { and, asc, count, eq, gte, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;

/** Holds the member's uploads one after the other until commit (the daily allowance). */
export async function lockOwner(tx: DbOrTx, ownerId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('candeia.media'), hashtext(${ownerId}))`);
}

/** Files and bytes the member uploaded since `since`. */
export async function usageSince(db: DbOrTx, ownerId: string, since: Date): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: count(), bytes: sum(media.sourceBytes) })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), gte(media.createdAt, since)));
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

export async function insertMedia(db: DbOrTx, values: NewMedia): Promise<MediaRow> {
  const [row] = await db.insert(media).values(values).returning();
  return row!;
}

export async function findMedia(db: DbOrTx, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row ?? null;
}

/** The owner's media among `ids` not yet on a post, locked for attaching. */
export async function unattachedOf(tx: DbOrTx, ownerId: string, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(media)
    .where(and(eq(media.ownerId, ownerId), inArray(media.id, ids), isNull(media.postId), isNull(media.profileOf)))
    .for('update');
}

export async function attach(tx: DbOrTx, id: string, postId: string, position: number): Promise<void> {
  await tx.update(media).set({ postId, position }).where(eq(media.id, id));
}

/** The media of these posts, in their order on each post. */
export async function ofPosts(db: DbOrTx, postIds: string[]): Promise<MediaRow[]> {
  if (postIds.length === 0) return [];
  return db.select().from(media).where(inArray(media.postId, postIds)).orderBy(asc(media.postId), asc(media.position));
}

/** Deletes the owner's media item if it is on no post and no profile; returns it when deleted. */
export async function deleteUnattached(db: DbOrTx, ownerId: string, id: string): Promise<MediaRow | null> {
  const [row] = await db
    .delete(media)
    .where(and(eq(media.id, id), eq(media.ownerId, ownerId), isNull(media.postId), isNull(media.profileOf)))
    .returning();
  return row ?? null;
}

/** Uploads never attached to a post, older than `before` (the composer was left). */
export async function strays(db: DbOrTx, before: Date, max: number): Promise<MediaRow[]> {
  return db
    .select()
    .from(media)
    .where(and(isNull(media.postId), isNull(media.profileOf), lt(media.createdAt, before)))
    .limit(max);
}

export async function deleteById(db: DbOrTx, id: string): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}

/** A processed video: ready, with its size and placeholder; null if it was deleted meanwhile. */
export async function markReady(
  db: DbOrTx,
  id: string,
  values: { width: number; height: number; placeholder: string; durationMs: number },
): Promise<MediaRow | null> {
  const [row] = await db
    .update(media)
    .set({ ...values, status: 'ready', error: null })
    .where(and(eq(media.id, id), eq(media.status, 'processing')))
    .returning();
  return row ?? null;
}

/** A video that could not be processed, with the error code its author is shown. */
export async function markFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(media)
    .set({ status: 'failed', error })
    .where(and(eq(media.id, id), eq(media.status, 'processing')));
}

/** Makes an owner's unattached, ready photo their profile photo; false when it is not one. */
export async function attachProfile(tx: DbOrTx, ownerId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(media)
    .set({ profileOf: ownerId })
    .where(
      and(
        eq(media.id, id),
        eq(media.ownerId, ownerId),
        eq(media.kind, 'photo'),
        eq(media.status, 'ready'),
        isNull(media.postId),
        isNull(media.profileOf),
      ),
    )
    .returning({ id: media.id });
  return rows.length > 0;
}
