import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  creditAccounts,
  profiles,
  providerSubscriptions,
  subscriptionPlans,
  userSubscriptions,
  users,
} from '../../db/schema/index.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof userSubscriptions.$inferSelect;
export type ProviderSubscriptionRow = typeof providerSubscriptions.$inferSelect;
export type NewSubscription = typeof userSubscriptions.$inferInsert;
export type NewProviderSubscription = typeof providerSubscriptions.$inferInsert;

/** Active and public plans, cheapest first (SPEC.md §7). */
export function listPublicPlans(db: DbOrTx) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.isActive, true), eq(subscriptionPlans.isPublic, true)))
    .orderBy(asc(subscriptionPlans.monthlyPriceCents), asc(subscriptionPlans.name));
}

/** Every plan, inactive and private ones too (admin), cheapest first. */
export function listAllPlans(db: DbOrTx) {
  return db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.monthlyPriceCents), asc(subscriptionPlans.name));
}

/** The free plan: by the name 'Plano Gratuito', else price 0, else the cheapest (SPEC.md §4). */
export async function findFreePlan(db: DbOrTx, freeName: string): Promise<PlanRow | undefined> {
  const byName = await db.query.subscriptionPlans.findFirst({ where: eq(subscriptionPlans.name, freeName) });
  if (byName) return byName;
  const byPrice = await db.query.subscriptionPlans.findFirst({ where: eq(subscriptionPlans.monthlyPriceCents, 0) });
  if (byPrice) return byPrice;
  return db.query.subscriptionPlans.findFirst({ orderBy: [asc(subscriptionPlans.monthlyPriceCents)] });
}

/** Inserts the plans whose slug is not taken yet; never overwrites an existing plan. */
export async function insertMissingPlans(db: DbOrTx, values: (typeof subscriptionPlans.$inferInsert)[]): Promise<void> {
  await db.insert(subscriptionPlans).values(values).onConflictDoNothing({ target: subscriptionPlans.slug });
}

export function findPlan(db: DbOrTx, id: string) {
  return db.query.subscriptionPlans.findFirst({ where: eq(subscriptionPlans.id, id) });
}

export function findPlanByPriceId(db: DbOrTx, priceId: string) {
  return db.query.subscriptionPlans.findFirst({ where: eq(subscriptionPlans.stripePriceId, priceId) });
}

export async function insertPlan(db: DbOrTx, values: typeof subscriptionPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await db.insert(subscriptionPlans).values(values).returning();
  return row!;
}

export async function updatePlan(
  db: DbOrTx,
  id: string,
  values: Partial<typeof subscriptionPlans.$inferInsert>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(subscriptionPlans).set(values).where(eq(subscriptionPlans.id, id)).returning();
  return row;
}

export function findSubscription(db: DbOrTx, userId: string) {
  return db.query.userSubscriptions.findFirst({ where: eq(userSubscriptions.userId, userId) });
}

/**
 * What the feature gate needs of a member's subscription, with its plan's features, in one query
 * (the gate runs on every feature call; the balance and the plan's name are not read there).
 */
export async function findAccessRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      status: userSubscriptions.status,
      isTrial: userSubscriptions.isTrial,
      trialEndDate: userSubscriptions.trialEndDate,
      cancelAtPeriodEnd: userSubscriptions.cancelAtPeriodEnd,
      currentPeriodEnd: userSubscriptions.currentPeriodEnd,
      features: subscriptionPlans.features,
    })
    .from(userSubscriptions)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.userId, userId));
  return row;
}

export async function insertSubscription(db: DbOrTx, values: NewSubscription): Promise<void> {
  await db.insert(userSubscriptions).values(values);
}

/** Creates the user's subscription row with `values`, or sets them on the row that exists. */
export async function upsertSubscription(
  db: DbOrTx,
  userId: string,
  createdAt: Date,
  values: Partial<NewSubscription>,
): Promise<void> {
  await db
    .insert(userSubscriptions)
    .values({ userId, createdAt, ...values })
    .onConflictDoUpdate({ target: userSubscriptions.userId, set: values });
}

/** Sets `values` on the user's row if it is still a trial that ended by `now`; false when it is not. */
export async function updateEndedTrial(
  db: DbOrTx,
  userId: string,
  now: Date,
  values: Partial<NewSubscription>,
): Promise<boolean> {
  const [row] = await db
    .update(userSubscriptions)
    .set(values)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.isTrial, true),
        lte(userSubscriptions.trialEndDate, now),
      ),
    )
    .returning({ id: userSubscriptions.id });
  return !!row;
}

export async function findSubscriptionStatus(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: userSubscriptions.status })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return row?.status ?? null;
}

/** Clears the trial-ended notice of the user's row, when it is set. */
export async function clearTrialNotice(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(userSubscriptions)
    .set({ trialEndedNotice: false })
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.trialEndedNotice, true)));
}

/** The user's subscription row, locked for the rest of the transaction. */
export async function lockSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)).for('update');
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  userId: string,
  values: Partial<typeof userSubscriptions.$inferInsert>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.update(userSubscriptions).set(values).where(eq(userSubscriptions.userId, userId)).returning();
  return row;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { id: true } });
  return !!row;
}

export function findUserEmail(db: DbOrTx, userId: string) {
  return db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
}

/** SPEC.md §4 "Choosing a plan": the profile is created if missing. */
export async function ensureProfile(db: DbOrTx, userId: string) {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
  if (!user) return;
  await db
    .insert(profiles)
    .values({ id: userId, username: user.email.split('@')[0]!, email: user.email })
    .onConflictDoNothing();
}

/** Trials that ended by `now` and are still on trial: the periodic job moves them to the free plan. */
export function endedTrials(db: DbOrTx, now: Date, limit = 200) {
  return db
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.isTrial, true),
        isNotNull(userSubscriptions.trialEndDate),
        lte(userSubscriptions.trialEndDate, now),
      ),
    )
    .limit(limit);
}

/**
 * Trials ending within `until` whose member was not told yet of that end: the periodic job claims
 * each (claimTrialEnding) and tells them.
 */
export function trialsEndingSoon(db: DbOrTx, now: Date, until: Date, limit = 200) {
  return db
    .select({ userId: userSubscriptions.userId, endsAt: userSubscriptions.trialEndDate })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.isTrial, true),
        gt(userSubscriptions.trialEndDate, now),
        lte(userSubscriptions.trialEndDate, until),
        or(
          isNull(userSubscriptions.trialEndingToldFor),
          ne(userSubscriptions.trialEndingToldFor, userSubscriptions.trialEndDate),
        ),
      ),
    )
    .limit(limit);
}

/** Marks a trial's coming end as told; false when another process did it first. */
export async function claimTrialEnding(db: DbOrTx, userId: string, endsAt: Date): Promise<boolean> {
  const rows = await db
    .update(userSubscriptions)
    .set({ trialEndingToldFor: endsAt })
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.trialEndDate, endsAt),
        or(isNull(userSubscriptions.trialEndingToldFor), ne(userSubscriptions.trialEndingToldFor, endsAt)),
      ),
    )
    .returning({ userId: userSubscriptions.userId });
  return rows.length > 0;
}

/**
 * Paid subscriptions set to cancel whose period is over (the provider's "deleted" event may have
 * marked them 'canceled' already): the periodic job moves them to the free plan.
 */
export function endedCancellations(db: DbOrTx, now: Date, limit = 200) {
  return db
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.cancelAtPeriodEnd, true),
        isNotNull(userSubscriptions.currentPeriodEnd),
        lte(userSubscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(limit);
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function adminSubscriptionsPage(
  db: DbOrTx,
  q: { status?: string; q?: string; page: number; pageSize: number },
) {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(userSubscriptions.status, q.status));
  if (q.q) {
    const text = like(q.q.toLowerCase());
    conds.push(or(ilike(users.email, text), ilike(users.firstName, text), ilike(users.lastName, text))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        planName: subscriptionPlans.name,
        status: userSubscriptions.status,
        isTrial: userSubscriptions.isTrial,
        balance: creditAccounts.balance,
        currentPeriodEnd: userSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: userSubscriptions.cancelAtPeriodEnd,
        updatedAt: userSubscriptions.updatedAt,
      })
      .from(userSubscriptions)
      .innerJoin(users, eq(users.id, userSubscriptions.userId))
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
      .leftJoin(creditAccounts, eq(creditAccounts.userId, userSubscriptions.userId))
      .where(where)
      .orderBy(desc(userSubscriptions.updatedAt), asc(users.email))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(userSubscriptions)
      .innerJoin(users, eq(users.id, userSubscriptions.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function findProviderSubscription(db: DbOrTx, id: string) {
  return db.query.providerSubscriptions.findFirst({ where: eq(providerSubscriptions.id, id) });
}

/** The provider subscription's row, locked for the rest of the transaction. */
export async function lockProviderSubscription(db: DbOrTx, id: string): Promise<ProviderSubscriptionRow | undefined> {
  const [row] = await db.select().from(providerSubscriptions).where(eq(providerSubscriptions.id, id)).for('update');
  return row;
}

export async function insertProviderSubscription(
  db: DbOrTx,
  values: NewProviderSubscription,
): Promise<ProviderSubscriptionRow> {
  const [row] = await db.insert(providerSubscriptions).values(values).returning();
  return row!;
}

export async function updateProviderSubscription(
  db: DbOrTx,
  id: string,
  values: Partial<NewProviderSubscription>,
): Promise<ProviderSubscriptionRow> {
  const [row] = await db.update(providerSubscriptions).set(values).where(eq(providerSubscriptions.id, id)).returning();
  return row!;
}

/** The member whose subscription row carries this provider customer, if any. */
export async function userIdByCustomer(db: DbOrTx, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await db
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.providerCustomerId, customerId))
    .limit(1);
  return row?.userId ?? null;
}

/** An empty subscription row (no plan, no status) for a user who has none yet. */
export async function insertEmptySubscription(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .insert(userSubscriptions)
    .values({ userId, status: null, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

export async function setProviderCustomer(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await db
    .update(userSubscriptions)
    .set({ providerCustomerId: customerId })
    .where(eq(userSubscriptions.userId, userId));
}
