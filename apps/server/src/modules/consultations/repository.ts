import { and, asc, desc, eq, gt, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consultationNotices, consultations, counsellors, users } from '../../db/schema/index.ts';
import type { Busy } from './slots.ts';

export type CounsellorRow = typeof counsellors.$inferSelect;
export type ConsultationRow = typeof consultations.$inferSelect;

/** A booking with the names its two sides see. */
export type BookingRow = ConsultationRow & {
  counsellorName: string;
  counsellorZone: string;
  counsellorPhoto: string | null;
  memberFirstName: string;
  memberLastName: string;
  counsellorEmail: string;
  memberEmail: string;
  memberLocale: string;
  counsellorLocale: string;
};

/** Sessions a counsellor has held: completed, or booked and already over. */
const held = (now: Date) =>
  sql<number>`(select count(*)::int from ${consultations} c
    where c.counsellor_id = ${counsellors.userId}
      and (c.status = 'completed' or (c.status = 'booked' and c.ends_at <= ${now})))`;

export async function findCounsellor(db: DbOrTx, userId: string): Promise<CounsellorRow | undefined> {
  const [row] = await db.select().from(counsellors).where(eq(counsellors.userId, userId));
  return row;
}

export async function counsellorWithStats(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select({ c: counsellors, completed: held(now) })
    .from(counsellors)
    .where(eq(counsellors.userId, userId));
  return row;
}

/** Active counsellors with a filled-in profile, by rating then name; filtered by language and specialty. */
export async function listedCounsellors(db: DbOrTx, q: { language?: string; specialty?: string }, now: Date) {
  const conds: SQL[] = [
    eq(counsellors.active, true),
    sql`${counsellors.displayName} <> ''`,
    sql`cardinality(${counsellors.languages}) > 0`,
  ];
  if (q.language) conds.push(sql`${q.language} = any(${counsellors.languages})`);
  if (q.specialty)
    conds.push(sql`exists (select 1 from unnest(${counsellors.specialties}) s where lower(s) = lower(${q.specialty}))`);
  return db
    .select({ c: counsellors, completed: held(now) })
    .from(counsellors)
    .where(and(...conds))
    .orderBy(
      desc(
        sql`case when ${counsellors.ratingCount} > 0 then ${counsellors.ratingSum}::float / ${counsellors.ratingCount} else 0 end`,
      ),
      asc(counsellors.displayName),
    )
    .limit(200);
}

/** Makes (or makes again) a member a counsellor; the role follows unless they are an administrator. */
export async function activateCounsellor(db: DbOrTx, userId: string, displayName: string, now: Date) {
  await db
    .insert(counsellors)
    .values({ userId, displayName, active: true, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: counsellors.userId, set: { active: true, updatedAt: now } });
  await db
    .update(users)
    .set({ role: 'counsellor', updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, 'user')));
}

export async function deactivateCounsellor(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(counsellors)
    .set({ active: false, updatedAt: now })
    .where(and(eq(counsellors.userId, userId), eq(counsellors.active, true)))
    .returning({ id: counsellors.userId });
  await db
    .update(users)
    .set({ role: 'user', updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.role, 'counsellor')));
  return rows.length > 0;
}

/** Active counsellors (or one of them) with their account's name and e-mail, for the administration. */
export async function adminCounsellors(db: DbOrTx, userId?: string) {
  return db
    .select({ c: counsellors, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(counsellors)
    .innerJoin(users, eq(users.id, counsellors.userId))
    .where(and(eq(counsellors.active, true), userId ? eq(counsellors.userId, userId) : undefined))
    .orderBy(asc(counsellors.displayName), asc(users.email));
}

export async function userByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function updateCounsellor(db: DbOrTx, userId: string, values: Partial<typeof counsellors.$inferInsert>) {
  const [row] = await db.update(counsellors).set(values).where(eq(counsellors.userId, userId)).returning();
  return row;
}

/** Time a counsellor has taken between two instants (bookings not cancelled), except one booking. */
export async function busyBetween(
  db: DbOrTx,
  counsellorId: string,
  from: Date,
  to: Date,
  except?: string,
): Promise<Busy[]> {
  const conds: SQL[] = [
    eq(consultations.counsellorId, counsellorId),
    ne(consultations.status, 'cancelled'),
    lt(consultations.startsAt, to),
    gt(consultations.blockedUntil, from),
  ];
  if (except) conds.push(ne(consultations.id, except));
  return db
    .select({ start: consultations.startsAt, blockedUntil: consultations.blockedUntil })
    .from(consultations)
    .where(and(...conds));
}

/**
 * Queues this transaction behind any other writing the same counsellor's time (until commit).
 * The exclusion constraint alone keeps bookings apart, but concurrent inserts that conflict on
 * it can deadlock (PostgreSQL then waits deadlock_timeout to find out); taken in turn, the
 * second simply meets the first's row.
 */
export async function lockCounsellorTime(db: DbOrTx, counsellorId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`consultation:${counsellorId}`}, 0))`);
}

export async function insertConsultation(db: DbOrTx, values: typeof consultations.$inferInsert) {
  const [row] = await db.insert(consultations).values(values).returning();
  return row!;
}

function bookingSelect(db: DbOrTx) {
  const member = sql.raw('m');
  const counsellorUser = sql.raw('cu');
  return db
    .select({
      b: consultations,
      counsellorName: counsellors.displayName,
      counsellorZone: counsellors.timeZone,
      counsellorPhoto: counsellors.photoMediaId,
      memberFirstName: sql<string>`${member}.first_name`,
      memberLastName: sql<string>`${member}.last_name`,
      memberEmail: sql<string>`${member}.email`,
      memberLocale: sql<string>`${member}.locale`,
      counsellorEmail: sql<string>`${counsellorUser}.email`,
      counsellorLocale: sql<string>`${counsellorUser}.locale`,
    })
    .from(consultations)
    .innerJoin(counsellors, eq(counsellors.userId, consultations.counsellorId))
    .innerJoin(sql`${users} as m`, sql`m.id = ${consultations.memberId}`)
    .innerJoin(sql`${users} as cu`, sql`cu.id = ${consultations.counsellorId}`);
}

type Selected = Awaited<ReturnType<ReturnType<typeof bookingSelect>['where']>>[number];
const flatten = (r: Selected): BookingRow => ({
  ...r.b,
  counsellorName: r.counsellorName,
  counsellorZone: r.counsellorZone,
  counsellorPhoto: r.counsellorPhoto,
  memberFirstName: r.memberFirstName,
  memberLastName: r.memberLastName,
  memberEmail: r.memberEmail,
  memberLocale: r.memberLocale,
  counsellorEmail: r.counsellorEmail,
  counsellorLocale: r.counsellorLocale,
});

export async function findBooking(db: DbOrTx, id: string): Promise<BookingRow | undefined> {
  const [row] = await bookingSelect(db).where(eq(consultations.id, id));
  return row ? flatten(row) : undefined;
}

/** A booking, locked for a change (cancel, move, outcome). */
export async function lockBooking(db: DbOrTx, id: string): Promise<ConsultationRow | undefined> {
  const [row] = await db.select().from(consultations).where(eq(consultations.id, id)).for('update');
  return row;
}

export async function bookingsOf(
  db: DbOrTx,
  q: { userId: string; as: 'member' | 'counsellor'; when: 'upcoming' | 'past' | 'all'; now: Date },
): Promise<BookingRow[]> {
  const conds: SQL[] = [
    q.as === 'member' ? eq(consultations.memberId, q.userId) : eq(consultations.counsellorId, q.userId),
  ];
  // Upcoming: not over yet and still booked; past: over, or cancelled, or settled.
  const upcoming = and(eq(consultations.status, 'booked'), gt(consultations.endsAt, q.now))!;
  if (q.when === 'upcoming') conds.push(upcoming);
  if (q.when === 'past') conds.push(or(ne(consultations.status, 'booked'), lt(consultations.endsAt, q.now))!);
  const rows = await bookingSelect(db)
    .where(and(...conds))
    .orderBy(q.when === 'upcoming' ? asc(consultations.startsAt) : desc(consultations.startsAt))
    .limit(200);
  return rows.map(flatten);
}

export async function updateBooking(db: DbOrTx, id: string, values: Partial<typeof consultations.$inferInsert>) {
  const [row] = await db.update(consultations).set(values).where(eq(consultations.id, id)).returning();
  return row;
}

/** Adds a rating to the counsellor's sum (reviews are never edited, so it only grows). */
export async function addRating(db: DbOrTx, counsellorId: string, rating: number) {
  await db
    .update(counsellors)
    .set({
      ratingSum: sql`${counsellors.ratingSum} + ${rating}`,
      ratingCount: sql`${counsellors.ratingCount} + 1`,
    })
    .where(eq(counsellors.userId, counsellorId));
}

/** Records a reminder as sent; false when it was sent already. */
export async function claimReminder(db: DbOrTx, consultationId: string, kind: string, version: number, now: Date) {
  const rows = await db
    .insert(consultationNotices)
    .values({ consultationId, kind, version, sentAt: now })
    .onConflictDoNothing()
    .returning({ id: consultationNotices.consultationId });
  return rows.length > 0;
}

export async function releaseReminder(db: DbOrTx, consultationId: string, kind: string, version: number) {
  await db
    .delete(consultationNotices)
    .where(
      and(
        eq(consultationNotices.consultationId, consultationId),
        eq(consultationNotices.kind, kind),
        eq(consultationNotices.version, version),
      ),
    );
}

/** Whether the two members have a booking together, whoever of them is the counsellor, in any state. */
export async function bookedTogether(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      or(
        and(eq(consultations.counsellorId, a), eq(consultations.memberId, b)),
        and(eq(consultations.counsellorId, b), eq(consultations.memberId, a)),
      ),
    )
    .limit(1);
  return !!row;
}
