import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPushSends, pushKeys, pushSubscriptions } from '../../db/schema/index.ts';

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** The server's VAPID keys, if made already. */
export async function keys(db: DbOrTx): Promise<KeyPair | undefined> {
  const [row] = await db
    .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
    .from(pushKeys)
    .where(eq(pushKeys.id, 1));
  return row;
}

/** Keeps a key pair unless one is there already (another process was first). */
export async function insertKeys(db: DbOrTx, k: KeyPair, at: Date): Promise<void> {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...k, createdAt: at })
    .onConflictDoNothing({ target: pushKeys.id });
}

export interface NewSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  at: Date;
}

/**
 * Keeps a device's subscription. A known endpoint is the same browser subscribing again: its
 * member's own, updated; another member's moves to the one signed in there now, but only with the
 * same keys (whoever knows just the address cannot take it). False when it was not kept.
 */
export async function upsertSubscription(db: DbOrTx, s: NewSubscription): Promise<boolean> {
  const rows = await db
    .insert(pushSubscriptions)
    .values({ userId: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, createdAt: s.at })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth, createdAt: s.at },
      setWhere: sql`${pushSubscriptions.userId} = excluded.user_id
        OR (${pushSubscriptions.auth} = excluded.auth AND ${pushSubscriptions.p256dh} = excluded.p256dh)`,
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes the member's oldest subscriptions beyond `keep`. */
export async function trimSubscriptions(db: DbOrTx, userId: string, keep: number): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE id IN (
    SELECT id FROM push_subscriptions WHERE user_id = ${userId}
    ORDER BY created_at DESC, id DESC OFFSET ${keep})`);
}

/** Removes the member's subscription with this endpoint; whether there was one. */
export async function deleteSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** A subscription the push service says is gone (404, 410). */
export async function dropSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function deviceCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/** The member's devices that have not had this delivery yet, oldest first. */
export function devicesToPush(db: DbOrTx, userId: string, deliveryId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        sql`NOT EXISTS (SELECT 1 FROM ${notificationPushSends} s
          WHERE s.delivery_id = ${deliveryId} AND s.subscription_id = ${pushSubscriptions.id})`,
      ),
    )
    .orderBy(asc(pushSubscriptions.createdAt));
}

/** Takes a device's push of a delivery for this attempt: false when it was taken already. */
export async function claimPush(db: DbOrTx, deliveryId: string, subscriptionId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(notificationPushSends)
    .values({ deliveryId, subscriptionId, sentAt: at })
    .onConflictDoNothing()
    .returning({ id: notificationPushSends.deliveryId });
  return rows.length > 0;
}

/** The push service did not take it: the next attempt pushes again. */
export async function releasePush(db: DbOrTx, deliveryId: string, subscriptionIds: string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await db
    .delete(notificationPushSends)
    .where(
      and(
        eq(notificationPushSends.deliveryId, deliveryId),
        inArray(notificationPushSends.subscriptionId, subscriptionIds),
      ),
    );
}
