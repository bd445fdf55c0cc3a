import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptionPlans, userSubscriptions } from '../../db/schema/index.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof userSubscriptions.$inferSelect;

/** Active and public plans, cheapest first (SPEC.md §7). */
export function listPublicPlans(db: DbOrTx) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.isActive, true), eq(subscriptionPlans.isPublic, true)))
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

export function findPlan(db: DbOrTx, id: string) {
  return db.query.subscriptionPlans.findFirst({ where: eq(subscriptionPlans.id, id) });
}

export function findSubscription(db: DbOrTx, userId: string) {
  return db.query.userSubscriptions.findFirst({ where: eq(userSubscriptions.userId, userId) });
}
