import { and, asc, count, eq, gt, isNull, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { socialSignIns, userIdentities } from '../../db/schema/index.ts';

export type SocialSignInRow = typeof socialSignIns.$inferSelect;
export type IdentityRow = typeof userIdentities.$inferSelect;

export async function insertSignIn(db: DbOrTx, values: typeof socialSignIns.$inferInsert): Promise<void> {
  await db.insert(socialSignIns).values(values);
}

/**
 * Spends the start of a sign-in at its callback, once: a second callback with the same browser
 * finds nothing. Expired rows are never returned.
 */
export async function spendCallback(db: DbOrTx, tokenHash: string, now: Date): Promise<SocialSignInRow | undefined> {
  const [row] = await db
    .update(socialSignIns)
    .set({ callbackAt: now })
    .where(
      and(eq(socialSignIns.tokenHash, tokenHash), isNull(socialSignIns.callbackAt), gt(socialSignIns.expiresAt, now)),
    )
    .returning();
  return row;
}

/** After the callback: what the provider verified, for the next step (sign-up or link). */
export async function setStep(
  db: DbOrTx,
  id: string,
  values: Pick<SocialSignInRow, 'step' | 'subject' | 'email' | 'firstName' | 'lastName' | 'userId' | 'expiresAt'>,
): Promise<void> {
  await db.update(socialSignIns).set(values).where(eq(socialSignIns.id, id));
}

/** The browser's sign-in waiting for its next step: called back, not yet done, not expired. */
export function findPending(db: DbOrTx, tokenHash: string, now: Date) {
  return db.query.socialSignIns.findFirst({
    where: and(
      eq(socialSignIns.tokenHash, tokenHash),
      isNotNull(socialSignIns.callbackAt),
      isNotNull(socialSignIns.step),
      isNull(socialSignIns.doneAt),
      gt(socialSignIns.expiresAt, now),
    ),
  });
}

/** Spends the pending step, once (two submits at the same time: one wins). */
export async function spendPending(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(socialSignIns)
    .set({ doneAt: now })
    .where(and(eq(socialSignIns.id, id), isNull(socialSignIns.doneAt)))
    .returning({ id: socialSignIns.id });
  return rows.length === 1;
}

export function findIdentity(db: DbOrTx, provider: string, subject: string) {
  return db.query.userIdentities.findFirst({
    where: and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)),
  });
}

export function findUserIdentity(db: DbOrTx, userId: string, provider: string) {
  return db.query.userIdentities.findFirst({
    where: and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)),
  });
}

export function listIdentities(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt), asc(userIdentities.provider));
}

export async function countIdentities(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userIdentities).where(eq(userIdentities.userId, userId));
  return row?.n ?? 0;
}

/** Links an identity; false when the provider's subject or the member's provider is taken already. */
export async function insertIdentity(db: DbOrTx, values: IdentityRow): Promise<boolean> {
  const rows = await db.insert(userIdentities).values(values).onConflictDoNothing().returning({
    subject: userIdentities.subject,
  });
  return rows.length === 1;
}

export async function deleteIdentity(db: DbOrTx, userId: string, provider: string): Promise<boolean> {
  const rows = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
    .returning({ subject: userIdentities.subject });
  return rows.length === 1;
}
