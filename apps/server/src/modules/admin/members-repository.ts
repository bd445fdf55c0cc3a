import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  counsellors,
  securityEvents,
  sessions,
  subscriptionPlans,
  userSubscriptions,
  users,
} from '../../db/schema/index.ts';

export type MemberRow = typeof users.$inferSelect;

/**
 * Locks every administrator who can act (not deleted, not suspended), in id order so that two
 * transactions wait for each other instead of deadlocking, and returns their ids. A row another
 * transaction changed meanwhile is read again once its lock is free: a demoted or suspended
 * administrator is no longer among them (READ COMMITTED re-checks the condition), so two
 * concurrent demotions never both see the other as the remaining administrator.
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.suspendedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** The member's row, locked until the transaction ends. */
export async function lockMember(tx: DbOrTx, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export function findMember(db: DbOrTx, userId: string) {
  return db.query.users.findFirst({ where: eq(users.id, userId) });
}

export async function setRole(tx: DbOrTx, userId: string, role: string, now: Date): Promise<void> {
  await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
}

/** Suspends the account (or changes the reason of its suspension) and ends every session. */
export async function suspend(tx: DbOrTx, userId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: sql`COALESCE(${users.suspendedAt}, ${now})`, suspensionReason: reason, updatedAt: now })
    .where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Lifts the suspension; false when the account was not suspended. */
export async function unsuspend(tx: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ suspendedAt: null, suspensionReason: null, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.suspendedAt} IS NOT NULL`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function counsellorOf(db: DbOrTx, userId: string) {
  const [row] = await db.select({ active: counsellors.active }).from(counsellors).where(eq(counsellors.userId, userId));
  return row ?? null;
}

/** What the member panel shows besides the row: subscription, live sessions, last sign-in, recent events. */
export async function memberFacts(db: DbOrTx, userId: string, now: Date, idleMs: number) {
  const [[sub], [live], [last], events] = await Promise.all([
    db
      .select({ status: userSubscriptions.status, planName: subscriptionPlans.name })
      .from(userSubscriptions)
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
      .where(eq(userSubscriptions.userId, userId)),
    db
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
        ),
      ),
    db
      .select({ at: max(sessions.createdAt) })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(20),
  ]);
  return {
    status: sub?.status ?? null,
    planName: sub?.planName ?? null,
    liveSessions: live?.n ?? 0,
    lastSignInAt: last?.at ?? null,
    events,
  };
}
