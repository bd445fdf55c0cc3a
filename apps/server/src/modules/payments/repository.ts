import { and, asc, eq, isNull, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  checkoutSessions,
  localProviderEvents,
  localProviderSubscriptions,
  subscriptionPlans,
  userSubscriptions,
  webhookEvents,
} from '../../db/schema/index.ts';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type NewCheckout = typeof checkoutSessions.$inferInsert;
export type LocalSubscriptionRow = typeof localProviderSubscriptions.$inferSelect;

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

/** An open local checkout keeps why the card was refused (it stays open for another try). */
export async function recordCardRefusal(db: DbOrTx, id: string, refusal: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ lastError: refusal })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

/** Marks an open, unpaid checkout paid at the provider, once: only the winner gets the row. */
export async function markProviderPaid(db: DbOrTx, id: string, now: Date): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ providerPaidAt: now, lastError: null })
    .where(
      and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open'), isNull(checkoutSessions.providerPaidAt)),
    )
    .returning();
  return row;
}

// ---------- The local provider's own tables ----------

/** A plan as the local provider's events describe it (read only). */
export function findPlan(db: DbOrTx, id: string) {
  return db.query.subscriptionPlans.findFirst({ where: eq(subscriptionPlans.id, id) });
}

export async function insertLocalEvent(db: DbOrTx, values: typeof localProviderEvents.$inferInsert): Promise<void> {
  await db.insert(localProviderEvents).values(values);
}

/** The oldest event not delivered yet. */
export async function nextUndeliveredEvent(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(localProviderEvents)
    .where(isNull(localProviderEvents.deliveredAt))
    .orderBy(asc(localProviderEvents.seq))
    .limit(1);
  return row;
}

export async function markEventDelivered(db: DbOrTx, seq: number, at: Date): Promise<void> {
  await db.update(localProviderEvents).set({ deliveredAt: at }).where(eq(localProviderEvents.seq, seq));
}

export async function insertLocalSubscription(
  db: DbOrTx,
  values: typeof localProviderSubscriptions.$inferInsert,
): Promise<LocalSubscriptionRow> {
  const [row] = await db.insert(localProviderSubscriptions).values(values).returning();
  return row!;
}

/** Sets cancel-at-period-end on an active subscription; undefined when it is not active. */
export async function setLocalCancel(
  db: DbOrTx,
  id: string,
  cancel: boolean,
): Promise<LocalSubscriptionRow | undefined> {
  const [row] = await db
    .update(localProviderSubscriptions)
    .set({ cancelAtPeriodEnd: cancel })
    .where(and(eq(localProviderSubscriptions.id, id), eq(localProviderSubscriptions.status, 'active')))
    .returning();
  return row;
}

/** Cancels a subscription not canceled yet; undefined when it was. */
export async function cancelLocalSubscription(db: DbOrTx, id: string): Promise<LocalSubscriptionRow | undefined> {
  const [row] = await db
    .update(localProviderSubscriptions)
    .set({ status: 'canceled' })
    .where(and(eq(localProviderSubscriptions.id, id), ne(localProviderSubscriptions.status, 'canceled')))
    .returning();
  return row;
}

/** Ends an active subscription (canceled); undefined when it is not active any more. */
export async function endLocalSubscription(db: DbOrTx, id: string): Promise<LocalSubscriptionRow | undefined> {
  const [row] = await db
    .update(localProviderSubscriptions)
    .set({ status: 'canceled' })
    .where(and(eq(localProviderSubscriptions.id, id), eq(localProviderSubscriptions.status, 'active')))
    .returning();
  return row;
}

/** Active subscriptions whose period ended by `now`. */
export function dueLocalSubscriptions(db: DbOrTx, now: Date, limit = 200) {
  return db
    .select()
    .from(localProviderSubscriptions)
    .where(and(eq(localProviderSubscriptions.status, 'active'), lte(localProviderSubscriptions.currentPeriodEnd, now)))
    .limit(limit);
}

/**
 * Moves an active subscription not set to cancel from period `current` to the next, `start` to
 * `end`; undefined when it changed meanwhile (another period, canceled, set to cancel).
 */
export async function renewLocalSubscription(
  db: DbOrTx,
  current: Pick<LocalSubscriptionRow, 'id' | 'periodIndex'>,
  start: Date,
  end: Date,
): Promise<LocalSubscriptionRow | undefined> {
  const [row] = await db
    .update(localProviderSubscriptions)
    .set({ currentPeriodStart: start, currentPeriodEnd: end, periodIndex: current.periodIndex + 1 })
    .where(
      and(
        eq(localProviderSubscriptions.id, current.id),
        eq(localProviderSubscriptions.periodIndex, current.periodIndex),
        eq(localProviderSubscriptions.status, 'active'),
        eq(localProviderSubscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .returning();
  return row;
}
