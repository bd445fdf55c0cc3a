import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { referralRewards, userSubscriptions, users } from '../../db/schema/index.ts';

export type RewardRow = typeof referralRewards.$inferSelect;

/** Inserts a reward unless one of its kind exists for the referred user; false when it does. */
export async function insertReward(db: DbOrTx, values: typeof referralRewards.$inferInsert): Promise<boolean> {
  const [row] = await db
    .insert(referralRewards)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: referralRewards.id });
  return !!row;
}

/** Moves the end of the user's trial (and the subscription's expiry) `days` later; only a trial. */
export async function extendTrial(db: DbOrTx, userId: string, days: number, now: Date): Promise<void> {
  await db
    .update(userSubscriptions)
    .set({
      trialEndDate: sql`${userSubscriptions.trialEndDate} + make_interval(days => ${days})`,
      expiresAt: sql`${userSubscriptions.expiresAt} + make_interval(days => ${days})`,
      updatedAt: now,
    })
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.isTrial, true)));
}

/**
 * Sets the user's first payment time unless it is set already (the update locks the user's row);
 * returns who referred them and when they verified their address.
 */
export async function markFirstPayment(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ firstPaymentAt: sql`coalesce(${users.firstPaymentAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId))
    .returning({ referredBy: users.referredBy, emailVerifiedAt: users.emailVerifiedAt });
  return row;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { id: true } });
  return !!row;
}

export function findReferralCode(db: DbOrTx, userId: string) {
  return db.query.users.findFirst({ where: eq(users.id, userId), columns: { referralCode: true } });
}

/** The people a member referred, newest first. */
export function referredUsers(db: DbOrTx, referrerId: string, limit = 500) {
  return db
    .select({ id: users.id, firstName: users.firstName, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referredBy, referrerId))
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(limit);
}

/** The rewards a member earned for the first payments of people they referred, newest first. */
export function firstPaymentRewards(db: DbOrTx, beneficiaryId: string): Promise<RewardRow[]> {
  return db
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.beneficiaryUserId, beneficiaryId), eq(referralRewards.kind, 'first_payment')))
    .orderBy(desc(referralRewards.createdAt));
}
