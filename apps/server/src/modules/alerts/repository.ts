import { and, desc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { alertDismissals, siteAlerts } from '../../db/schema/index.ts';

export type AlertRow = typeof siteAlerts.$inferSelect;

export interface AlertValues {
  severity: string;
  audience: string;
  messages: Record<string, string>;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The alerts up at `now` for one reader: everyone's, and the members' ones when signed in,
 * less those the member dismissed. Soonest to end first (a short incident above a long notice).
 */
export function active(db: DbOrTx, userId: string | null, now: Date) {
  return db
    .select({
      id: siteAlerts.id,
      severity: siteAlerts.severity,
      messages: siteAlerts.messages,
      startsAt: siteAlerts.startsAt,
      endsAt: siteAlerts.endsAt,
    })
    .from(siteAlerts)
    .where(
      and(
        gt(siteAlerts.endsAt, now),
        lte(siteAlerts.startsAt, now),
        userId
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(alertDismissals)
                .where(and(eq(alertDismissals.alertId, siteAlerts.id), eq(alertDismissals.userId, userId))),
            )
          : eq(siteAlerts.audience, 'everyone'),
      ),
    )
    .orderBy(siteAlerts.endsAt, siteAlerts.id)
    .limit(10);
}

export async function exists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: siteAlerts.id }).from(siteAlerts).where(eq(siteAlerts.id, id));
  return rows.length > 0;
}

/** Records a member's dismissal (once: a second one changes nothing). */
export async function dismiss(db: DbOrTx, alertId: string, userId: string, at: Date): Promise<void> {
  await db.insert(alertDismissals).values({ alertId, userId, dismissedAt: at }).onConflictDoNothing();
}

/** The admin's list: newest first, with how many members dismissed each. */
export function adminList(db: DbOrTx, limit: number) {
  return db
    .select({
      alert: siteAlerts,
      dismissals: sql<number>`(select count(*)::int from ${alertDismissals} d where d.alert_id = ${siteAlerts.id})`,
    })
    .from(siteAlerts)
    .orderBy(desc(siteAlerts.createdAt), desc(siteAlerts.id))
    .limit(limit);
}

export async function insert(db: DbOrTx, v: AlertValues, createdBy: string, at: Date): Promise<AlertRow> {
  const [row] = await db
    .insert(siteAlerts)
    .values({ ...v, createdBy, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function update(db: DbOrTx, id: string, v: Partial<AlertValues>, at: Date): Promise<AlertRow | null> {
  const [row] = await db
    .update(siteAlerts)
    .set({ ...v, updatedAt: at })
    .where(eq(siteAlerts.id, id))
    .returning();
  return row ?? null;
}

export async function find(db: DbOrTx, id: string): Promise<AlertRow | null> {
  const [row] = await db.select().from(siteAlerts).where(eq(siteAlerts.id, id));
  return row ?? null;
}

export async function remove(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(siteAlerts).where(eq(siteAlerts.id, id)).returning({ id: siteAlerts.id });
  return rows.length > 0;
}

export async function dismissalCount(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alertDismissals)
    .where(eq(alertDismissals.alertId, id));
  return row?.n ?? 0;
}
