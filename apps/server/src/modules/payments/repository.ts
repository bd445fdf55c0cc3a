import { and, eq, isNull, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checkoutSessions, userSubscriptions, webhookEvents } from '../../db/schema/index.ts';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type NewCheckout = typeof checkoutSessions.$inferInsert;

export async function insertCheckout(db: DbOrTx, values: NewCheckout): Promise<CheckoutRow> {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  return row!;
}

export function findCheckout(db: DbOrTx, id: string) {
  return db.query.checkoutSessions.findFirst({ where: eq(checkoutSessions.id, id) });
}

export function findCheckoutByProviderSession(db: DbOrTx, providerSessionId: string) {
  return db.query.checkoutSessions.findFirst({ where: eq(checkoutSessions.providerSessionId, providerSessionId) });
}

export async function updateCheckout(db: DbOrTx, id: string, values: Partial<NewCheckout>) {
  const [row] = await db.update(checkoutSessions).set(values).where(eq(checkoutSessions.id, id)).returning();
  return row;
}

/** Marks a checkout complete, once (a repeat finds it complete and changes nothing). */
export async function completeCheckout(db: DbOrTx, id: string, values: Partial<NewCheckout>): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'complete', ...values })
    .where(and(eq(checkoutSessions.id, id), ne(checkoutSessions.status, 'complete')));
}

/** An open checkout ends failed or expired. */
export async function closeCheckout(
  db: DbOrTx,
  id: string,
  values: { status: 'failed' | 'expired'; lastError: string | null },
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set(values)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

/** Records a provider event's id; false when it was recorded already (a repeat delivery). */
export async function recordWebhookEvent(
  db: DbOrTx,
  event: { id: string; type: string; eventCreatedAt: Date; receivedAt: Date },
): Promise<boolean> {
  const [fresh] = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return !!fresh;
}

/** The member's trial as the subscription row says (read only: the local provider keeps a trial's free days). */
export async function memberTrial(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ isTrial: userSubscriptions.isTrial, trialEndDate: userSubscriptions.trialEndDate })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .limit(1);
  return row;
}

/** Local checkouts past their 24 h, not paid: expired. */
export async function expireLocalCheckouts(db: DbOrTx, now: Date): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(checkoutSessions.provider, 'local'),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.providerPaidAt),
        lte(checkoutSessions.expiresAt, now),
      ),
    );
}
