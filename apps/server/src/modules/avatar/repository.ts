import { and, asc, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import { AVATAR_WEEK_DAYS, AVATAR_WEEKLY_CREDITS } from '@candeia/shared/schemas/avatar';
import type { DbOrTx } from '../../db/client.ts';
import {
  avatarAllowances,
  avatarCounsellors,
  avatarFavorites,
  avatarMessages,
  avatarSessions,
  users,
} from '../../db/schema/index.ts';

/** Every query of a member's rows names the owner: nothing of another member is reachable by id alone. */

export type SessionRow = typeof avatarSessions.$inferSelect;
export type MessageRow = typeof avatarMessages.$inferSelect;
export type CounsellorRow = typeof avatarCounsellors.$inferSelect;
export type AllowanceRow = typeof avatarAllowances.$inferSelect;

const WEEK = sql.raw(`interval '${AVATAR_WEEK_DAYS} days'`);

// ---------- Counsellors ----------

export function counsellorRows(db: DbOrTx): Promise<CounsellorRow[]> {
  return db.select().from(avatarCounsellors);
}

export async function counsellorRow(db: DbOrTx, id: string): Promise<CounsellorRow | undefined> {
  const [row] = await db.select().from(avatarCounsellors).where(eq(avatarCounsellors.id, id));
  return row;
}

export async function setAvailable(db: DbOrTx, id: string, isAvailable: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(avatarCounsellors)
    .set({ isAvailable, updatedAt: now })
    .where(eq(avatarCounsellors.id, id))
    .returning({ id: avatarCounsellors.id });
  return rows.length > 0;
}

// ---------- Favourites and recents ----------

export async function favorites(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ avatarId: avatarFavorites.avatarId })
    .from(avatarFavorites)
    .where(eq(avatarFavorites.userId, userId))
    .orderBy(asc(avatarFavorites.createdAt));
  return rows.map((r) => r.avatarId);
}

export async function addFavorite(db: DbOrTx, userId: string, avatarId: string, now: Date): Promise<void> {
  await db.insert(avatarFavorites).values({ userId, avatarId, createdAt: now }).onConflictDoNothing();
}

export async function removeFavorite(db: DbOrTx, userId: string, avatarId: string): Promise<void> {
  await db
    .delete(avatarFavorites)
    .where(and(eq(avatarFavorites.userId, userId), eq(avatarFavorites.avatarId, avatarId)));
}

/** The counsellors of the member's latest sessions, newest first, each once. */
export async function recent(db: DbOrTx, userId: string, max: number): Promise<string[]> {
  const rows = await db
    .select({ avatarId: avatarSessions.avatarId, last: sql<Date>`max(${avatarSessions.startedAt})` })
    .from(avatarSessions)
    .where(eq(avatarSessions.userId, userId))
    .groupBy(avatarSessions.avatarId)
    .orderBy(desc(sql`max(${avatarSessions.startedAt})`))
    .limit(max);
  return rows.map((r) => r.avatarId);
}

// ---------- The weekly allowance ----------

export async function allowance(db: DbOrTx, userId: string): Promise<AllowanceRow | undefined> {
  const [row] = await db.select().from(avatarAllowances).where(eq(avatarAllowances.userId, userId));
  return row;
}

/**
 * Spends `cost` of the member's weekly avatar credits in one statement: a week that has run its
 * 7 days starts over at `now` with just this cost; otherwise the cost is added when the week's 15
 * allow it. The row lock of the upsert serialises concurrent starts, so the balance never goes
 * below zero. Undefined: not enough credits left this week.
 */
export async function spendAllowance(
  db: DbOrTx,
  userId: string,
  cost: number,
  now: Date,
): Promise<AllowanceRow | undefined> {
  const over = sql`${avatarAllowances.weekStartedAt} + ${WEEK} <= ${now}`;
  const [row] = await db
    .insert(avatarAllowances)
    .values({ userId, weekStartedAt: now, used: cost })
    .onConflictDoUpdate({
      target: avatarAllowances.userId,
      set: {
        weekStartedAt: sql`case when ${over} then ${now}::timestamptz else ${avatarAllowances.weekStartedAt} end`,
        used: sql`case when ${over} then ${cost} else ${avatarAllowances.used} + ${cost} end`,
      },
      setWhere: sql`${over} or ${avatarAllowances.used} + ${cost} <= ${AVATAR_WEEKLY_CREDITS}`,
    })
    .returning();
  return row;
}

// ---------- Sessions ----------

export async function insertSession(db: DbOrTx, values: typeof avatarSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(avatarSessions).values(values).returning();
  return row!;
}

export async function countSessionStart(db: DbOrTx, avatarId: string): Promise<void> {
  await db
    .update(avatarCounsellors)
    .set({ sessionCount: sql`${avatarCounsellors.sessionCount} + 1` })
    .where(eq(avatarCounsellors.id, avatarId));
}

export async function findSession(db: DbOrTx, userId: string, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(avatarSessions)
    .where(and(eq(avatarSessions.id, id), eq(avatarSessions.userId, userId)));
  return row;
}

export async function lockSession(db: DbOrTx, userId: string, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(avatarSessions)
    .where(and(eq(avatarSessions.id, id), eq(avatarSessions.userId, userId)))
    .for('update');
  return row;
}

/** Ends the member's sessions still running at `now` (a new start ends the one before). */
export async function endRunning(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .update(avatarSessions)
    .set({ endedAt: now })
    .where(
      and(eq(avatarSessions.userId, userId), isNull(avatarSessions.endedAt), sql`${avatarSessions.endsAt} > ${now}`),
    )
    .returning({ id: avatarSessions.id });
  return rows.map((r) => r.id);
}

/** Ends one session now (or at its end, if that has passed); returns the row as it is after. */
export async function endSession(db: DbOrTx, userId: string, id: string, now: Date): Promise<SessionRow | undefined> {
  await db
    .update(avatarSessions)
    .set({ endedAt: sql`least(${now}::timestamptz, ${avatarSessions.endsAt})` })
    .where(and(eq(avatarSessions.id, id), eq(avatarSessions.userId, userId), isNull(avatarSessions.endedAt)));
  return findSession(db, userId, id);
}

export async function rateSession(db: DbOrTx, session: SessionRow, rating: number): Promise<SessionRow> {
  const before = session.rating;
  const [row] = await db.update(avatarSessions).set({ rating }).where(eq(avatarSessions.id, session.id)).returning();
  await db
    .update(avatarCounsellors)
    .set({
      ratingSum: sql`${avatarCounsellors.ratingSum} + ${rating - (before ?? 0)}`,
      ratingCount: sql`${avatarCounsellors.ratingCount} + ${before === null ? 1 : 0}`,
    })
    .where(eq(avatarCounsellors.id, session.avatarId));
  return row!;
}

export async function listSessions(
  db: DbOrTx,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: SessionRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(avatarSessions)
      .where(eq(avatarSessions.userId, userId))
      .orderBy(desc(avatarSessions.startedAt), desc(avatarSessions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(avatarSessions).where(eq(avatarSessions.userId, userId)),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

// ---------- Messages ----------

export type NewMessage = typeof avatarMessages.$inferInsert;

export async function insertMessages(db: DbOrTx, rows: NewMessage[]): Promise<MessageRow[]> {
  const saved = await db.insert(avatarMessages).values(rows).returning();
  await db
    .update(avatarSessions)
    .set({ messagesCount: sql`${avatarSessions.messagesCount} + ${rows.length}` })
    .where(eq(avatarSessions.id, rows[0]!.sessionId));
  return saved.sort((a, b) => a.seq - b.seq);
}

export function sessionMessages(db: DbOrTx, userId: string, sessionId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(avatarMessages)
    .where(and(eq(avatarMessages.sessionId, sessionId), eq(avatarMessages.userId, userId)))
    .orderBy(asc(avatarMessages.seq));
}

export async function settleMessage(
  db: DbOrTx,
  id: string,
  values: {
    content: string;
    status: 'done' | 'stopped' | 'failed';
    citations: CitationDto[];
    meta: Record<string, unknown>;
  },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(avatarMessages)
    .set(values)
    .where(and(eq(avatarMessages.id, id), eq(avatarMessages.status, 'streaming')))
    .returning();
  return row;
}

/** Answers of a session still marked as being written. */
export function streamingAnswers(db: DbOrTx, sessionId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(avatarMessages)
    .where(and(eq(avatarMessages.sessionId, sessionId), eq(avatarMessages.status, 'streaming')));
}

/** Fails answers left 'streaming' since before `before` (their writer was cut off). */
export async function failOrphans(db: DbOrTx, sessionId: string, before: Date): Promise<number> {
  const rows = await db
    .update(avatarMessages)
    .set({ status: 'failed' })
    .where(
      and(
        eq(avatarMessages.sessionId, sessionId),
        eq(avatarMessages.status, 'streaming'),
        lt(avatarMessages.createdAt, before),
      ),
    )
    .returning({ id: avatarMessages.id });
  return rows.length;
}

// ---------- Usage stats ----------

export interface UsageRow {
  totalSessions: number;
  totalDurationSeconds: number;
  totalCreditsUsed: number;
  lastSessionAt: Date | null;
  weekSessions: number;
  weekCredits: number;
}

/** A session's length so far: from its start to its end, now, or its 20 minutes, whichever is first. */
const duration = (now: Date) =>
  sql`extract(epoch from (least(coalesce(${avatarSessions.endedAt}, ${now}::timestamptz), ${avatarSessions.endsAt}) - ${avatarSessions.startedAt}))`;

const usageColumns = (now: Date, week: Date | null) => ({
  totalSessions: sql<number>`count(*)::int`,
  totalDurationSeconds: sql<number>`coalesce(sum(${duration(now)}), 0)::int`,
  totalCreditsUsed: sql<number>`coalesce(sum(${avatarSessions.creditsUsed}), 0)::int`,
  lastSessionAt: sql<Date | null>`max(${avatarSessions.startedAt})`.mapWith((v: string | null) =>
    v ? new Date(v) : null,
  ),
  weekSessions: week
    ? sql<number>`(count(*) filter (where ${avatarSessions.weekStartedAt} = ${week}::timestamptz))::int`
    : sql<number>`0`,
  weekCredits: week
    ? sql<number>`coalesce(sum(${avatarSessions.creditsUsed}) filter (where ${avatarSessions.weekStartedAt} = ${week}::timestamptz), 0)::int`
    : sql<number>`0`,
});

/** One member's usage; `week`: the start of their running allowance week (null: none runs). */
export async function usage(db: DbOrTx, userId: string, now: Date, week: Date | null): Promise<UsageRow> {
  const [row] = await db.select(usageColumns(now, week)).from(avatarSessions).where(eq(avatarSessions.userId, userId));
  return row!;
}

/** Every member's usage (the admin's table), most sessions first, with the running week of each. */
export async function usageByMember(db: DbOrTx, now: Date, limit: number) {
  const running = sql`(select a.week_started_at from avatar_allowances a where a.user_id = ${avatarSessions.userId} and a.week_started_at + ${WEEK} > ${now})`;
  return db
    .select({
      userId: avatarSessions.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      totalSessions: sql<number>`count(*)::int`,
      totalDurationSeconds: sql<number>`coalesce(sum(${duration(now)}), 0)::int`,
      totalCreditsUsed: sql<number>`coalesce(sum(${avatarSessions.creditsUsed}), 0)::int`,
      lastSessionAt: sql<Date | null>`max(${avatarSessions.startedAt})`.mapWith((v: string | null) =>
        v ? new Date(v) : null,
      ),
      weekSessions: sql<number>`(count(*) filter (where ${avatarSessions.weekStartedAt} = ${running}))::int`,
      weekCredits: sql<number>`coalesce(sum(${avatarSessions.creditsUsed}) filter (where ${avatarSessions.weekStartedAt} = ${running}), 0)::int`,
    })
    .from(avatarSessions)
    .innerJoin(users, eq(users.id, avatarSessions.userId))
    .groupBy(avatarSessions.userId, users.email, users.firstName, users.lastName)
    .orderBy(desc(sql`count(*)`), asc(users.email))
    .limit(limit);
}

/** Everyone's usage added up, and how many members have had a session. */
export async function usageTotals(db: DbOrTx, now: Date) {
  const [row] = await db
    .select({
      members: sql<number>`count(distinct ${avatarSessions.userId})::int`,
      totalSessions: sql<number>`count(*)::int`,
      totalDurationSeconds: sql<number>`coalesce(sum(${duration(now)}), 0)::int`,
      totalCreditsUsed: sql<number>`coalesce(sum(${avatarSessions.creditsUsed}), 0)::int`,
      lastSessionAt: sql<Date | null>`max(${avatarSessions.startedAt})`.mapWith((v: string | null) =>
        v ? new Date(v) : null,
      ),
      weekSessions: sql<number>`(count(*) filter (where ${avatarSessions.startedAt} + ${WEEK} > ${now}))::int`,
      weekCredits: sql<number>`coalesce(sum(${avatarSessions.creditsUsed}) filter (where ${avatarSessions.startedAt} + ${WEEK} > ${now}), 0)::int`,
    })
    .from(avatarSessions);
  return row!;
}

/** The country a member gave at sign-up (free text; '' when none): the crisis answer names its line first. */
export async function memberCountry(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.country || null;
}
