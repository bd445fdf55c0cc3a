import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shareStashes, type StashedFile } from '../../db/schema/index.ts';

export type { StashedFile };

export type StashRow = typeof shareStashes.$inferSelect;
export type NewStash = typeof shareStashes.$inferInsert;

export async function insertStash(db: DbOrTx, values: NewStash): Promise<StashRow> {
  const [row] = await db.insert(shareStashes).values(values).returning();
  return row!;
}

export async function findStash(db: DbOrTx, id: string): Promise<StashRow | null> {
  const [row] = await db.select().from(shareStashes).where(eq(shareStashes.id, id));
  return row ?? null;
}

/** Deletes the stash and returns it: of two claims at once, only one gets it. */
export async function takeStash(db: DbOrTx, id: string): Promise<StashRow | null> {
  const [row] = await db.delete(shareStashes).where(eq(shareStashes.id, id)).returning();
  return row ?? null;
}

/** Stashes made before `before`, never claimed. */
export async function staleStashes(db: DbOrTx, before: Date, max: number): Promise<StashRow[]> {
  return db.select().from(shareStashes).where(lt(shareStashes.createdAt, before)).limit(max);
}
