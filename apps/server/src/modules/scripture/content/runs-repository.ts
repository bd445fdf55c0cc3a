import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contentRuns, scriptureBooks } from '../../../db/schema/index.ts';

export type ContentRunRow = typeof contentRuns.$inferSelect;

/** A new queued run; null when one of this text is queued or running already (the partial unique index). */
export async function insertRun(
  db: DbOrTx,
  v: { textId: string; action: string; now: Date },
): Promise<ContentRunRow | null> {
  const rows = await db
    .insert(contentRuns)
    .values({ textId: v.textId, action: v.action, status: 'queued', createdAt: v.now, updatedAt: v.now })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

/** Runs that stopped writing before `before` (their job died with its process): failed, interrupted. */
export async function failStale(db: DbOrTx, before: Date, now: Date): Promise<number> {
  const rows = await db
    .update(contentRuns)
    .set({ status: 'failed', errorCode: 'CONTENT_INTERRUPTED', finishedAt: now, updatedAt: now })
    .where(and(inArray(contentRuns.status, ['queued', 'running']), lt(contentRuns.updatedAt, before)))
    .returning({ id: contentRuns.id });
  return rows.length;
}

/** The job takes its run: queued → running; null when it is no longer queued. */
export async function claimRun(db: DbOrTx, id: string, now: Date): Promise<ContentRunRow | null> {
  const [row] = await db
    .update(contentRuns)
    .set({ status: 'running', updatedAt: now })
    .where(and(eq(contentRuns.id, id), eq(contentRuns.status, 'queued')))
    .returning();
  return row ?? null;
}

/** Progress of a running run (and a sign of life). */
export async function updateRun(
  db: DbOrTx,
  id: string,
  v: Partial<Pick<ContentRunRow, 'phase' | 'done' | 'total'>>,
  now: Date,
): Promise<void> {
  await db
    .update(contentRuns)
    .set({ ...v, updatedAt: now })
    .where(and(eq(contentRuns.id, id), eq(contentRuns.status, 'running')));
}

export async function finishRun(
  db: DbOrTx,
  id: string,
  v: Pick<ContentRunRow, 'status'> &
    Partial<Pick<ContentRunRow, 'outcome' | 'done' | 'total' | 'errorCode' | 'errorDetail'>>,
  now: Date,
): Promise<void> {
  await db
    .update(contentRuns)
    .set({ ...v, phase: null, finishedAt: now, updatedAt: now })
    .where(eq(contentRuns.id, id));
}

export async function findRun(db: DbOrTx, id: string) {
  const [row] = await db.select().from(contentRuns).where(eq(contentRuns.id, id));
  return row;
}

/** The latest run of each text. */
export async function latestRuns(db: DbOrTx): Promise<ContentRunRow[]> {
  return db
    .selectDistinctOn([contentRuns.textId])
    .from(contentRuns)
    .orderBy(contentRuns.textId, desc(contentRuns.createdAt), desc(contentRuns.id));
}

/** How many books each installed text has. */
export async function bookCounts(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ textId: scriptureBooks.textId, n: count() })
    .from(scriptureBooks)
    .groupBy(scriptureBooks.textId);
  return new Map(rows.map((r) => [r.textId, r.n]));
}
