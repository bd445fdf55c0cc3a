import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { donations } from '../../db/schema/index.ts';

export type DonationRow = typeof donations.$inferSelect;

export async function insertDonation(db: DbOrTx, values: typeof donations.$inferInsert): Promise<void> {
  await db.insert(donations).values(values);
}

/** Paid, once: a repeat finds it paid and changes nothing. */
export async function markPaid(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(donations)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(donations.id, id), ne(donations.status, 'paid')));
}

/** A pending donation whose payment failed. */
export async function markFailed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(donations)
    .set({ status: 'failed' })
    .where(and(eq(donations.id, id), eq(donations.status, 'pending')));
}

/** A donation whose checkout could not be started. */
export async function setFailed(db: DbOrTx, id: string): Promise<void> {
  await db.update(donations).set({ status: 'failed' }).where(eq(donations.id, id));
}

export async function donationsPage(db: DbOrTx, status: string | undefined, page: number, pageSize: number) {
  const where = status ? eq(donations.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(donations)
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(donations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
