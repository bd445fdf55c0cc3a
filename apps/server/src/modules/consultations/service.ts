import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { matchLocale, DEFAULT_LOCALE } from '@candeia/shared/constants';
import type {
  availabilitySchema,
  bookSchema,
  bookingListQuerySchema,
  cancelSchema,
  counsellorListQuerySchema,
  counsellorProfileSchema,
  notesSchema,
  outcomeSchema,
  rescheduleSchema,
  reviewSchema,
  slotsQuerySchema,
} from '@candeia/shared/schemas/consultation';
import {
  DEFAULT_CANCEL_CUTOFF_HOURS,
  ROOM_OPENS_MINUTES,
  type AdminCounsellorDto,
  type AvailabilityDto,
  type BookingDto,
  type BookingStatus,
  type CounsellorDto,
  type CounsellorSelfDto,
  type SlotsDto,
} from '@candeia/shared/schemas/consultation';
import type { DbOrTx } from '../../db/client.ts';
import { requireAccess, requireAdmin, type Authorized } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { requireFeature } from '../billing/index.ts';
import { grant, spendAs } from '../credits/index.ts';
import { attachAsProfilePhoto, dropProfilePhoto, findProfilePhoto, sendMedia } from '../media/index.ts';
import * as repo from './repository.ts';
import { freeSlots, isOffered, todayIn, type SlotRules } from './slots.ts';
import { PG, pgCode } from '../../lib/pg-errors.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Days looked through for a counsellor's next free slot in the list. */
const NEXT_SLOT_DAYS = 21;

type Row = repo.CounsellorRow;

function rulesOf(c: Row): SlotRules {
  return {
    timeZone: c.timeZone,
    sessionMinutes: c.sessionMinutes,
    bufferMinutes: c.bufferMinutes,
    minNoticeMinutes: c.minNoticeMinutes,
    horizonDays: c.horizonDays,
    availability: c.availability,
  };
}

const hasWindows = (a: AvailabilityDto) =>
  Object.values(a.weekly).some((w) => w.length > 0) || a.overrides.some((o) => o.windows.length > 0);

function isListed(c: Row): boolean {
  return (
    c.active && c.displayName !== '' && c.languages.length > 0 && c.specialties.length > 0 && hasWindows(c.availability)
  );
}

/** The photo's address; its id in the query, so a new photo is a new address (cached for long). */
function photoUrlOf(c: Pick<Row, 'userId' | 'photoMediaId'>): string | null {
  return c.photoMediaId ? `/api/consultations/counsellors/${c.userId}/photo/feed?v=${c.photoMediaId}` : null;
}

function counsellorDto(c: Row, completed: number, nextSlot: string | null = null): CounsellorDto {
  return {
    id: c.userId,
    displayName: c.displayName,
    photoUrl: photoUrlOf(c),
    bio: c.bio,
    languages: c.languages,
    specialties: c.specialties,
    sessionMinutes: c.sessionMinutes,
    priceCredits: c.priceCredits,
    timeZone: c.timeZone,
    cancelCutoffHours: c.cancelCutoffHours,
    accepting: c.accepting,
    rating: c.ratingCount > 0 ? Math.round((c.ratingSum / c.ratingCount) * 10) / 10 : null,
    ratingCount: c.ratingCount,
    completedSessions: completed,
    nextSlot,
  };
}

function selfDto(c: Row, completed: number): CounsellorSelfDto {
  return {
    ...counsellorDto(c, completed),
    bufferMinutes: c.bufferMinutes,
    minNoticeMinutes: c.minNoticeMinutes,
    horizonDays: c.horizonDays,
    listed: isListed(c),
  };
}

/** A member with the plan's `live` flag (SPEC.md §6: consultations on Ouro and Diamante). */
async function member(deps: Deps, actor: Actor): Promise<Authorized> {
  const who = requireAccess(actor, 'consultation.book');
  await requireFeature(deps, who, 'live');
  return who;
}

/** The acting counsellor's own row (active), or NOT_A_COUNSELLOR. */
async function counsellorSelf(deps: Deps, actor: Actor): Promise<{ who: Authorized; row: Row }> {
  const who = requireAccess(actor, 'consultation.book');
  const row = await repo.findCounsellor(deps.db, who.userId);
  if (!row?.active) throw new AppError('NOT_A_COUNSELLOR');
  return { who, row };
}

/** A counsellor members may see: active and listed; anything else is not found. */
async function listedCounsellor(db: DbOrTx, counsellorId: string): Promise<Row> {
  const row = await repo.findCounsellor(db, counsellorId);
  if (!row || !isListed(row)) throw new AppError('NOT_FOUND');
  return row;
}

async function nextFreeSlot(deps: Deps, c: Row, zone: string, now: Date): Promise<string | null> {
  const rules = rulesOf(c);
  const days = Math.min(NEXT_SLOT_DAYS, c.horizonDays + 1);
  const from = todayIn(zone, now);
  const busy = await repo.busyBetween(deps.db, c.userId, now, new Date(now.getTime() + (days + 1) * 86_400_000));
  const dto = freeSlots(rules, busy, { zone, from, days, now });
  for (const d of dto.days) if (d.slots[0]) return d.slots[0].startsAt;
  return null;
}

// ---------------------------------------------------------------- counsellors, as members see them

export async function listCounsellors(
  deps: Deps,
  actor: Actor,
  q: z.infer<typeof counsellorListQuerySchema>,
): Promise<{ counsellors: CounsellorDto[] }> {
  await member(deps, actor);
  const now = deps.clock.now();
  const rows = (await repo.listedCounsellors(deps.db, q, now)).filter((r) => isListed(r.c));
  const counsellors = await Promise.all(
    rows.map(async (r) =>
      counsellorDto(r.c, r.completed, q.tz && r.c.accepting ? await nextFreeSlot(deps, r.c, q.tz, now) : null),
    ),
  );
  return { counsellors };
}

export async function getCounsellor(deps: Deps, actor: Actor, counsellorId: string): Promise<CounsellorDto> {
  await member(deps, actor);
  const row = await repo.counsellorWithStats(deps.db, counsellorId, deps.clock.now());
  if (!row || !isListed(row.c)) throw new AppError('NOT_FOUND');
  return counsellorDto(row.c, row.completed);
}

export async function slots(
  deps: Deps,
  actor: Actor,
  counsellorId: string,
  q: z.infer<typeof slotsQuerySchema>,
): Promise<SlotsDto> {
  const who = await member(deps, actor);
  const c = await listedCounsellor(deps.db, counsellorId);
  const now = deps.clock.now();
  const from = q.from ?? todayIn(q.tz, now);
  let except: string | undefined;
  if (q.excluding) {
    // Only the member's own booking may be left out (moving it frees its own time).
    const own = await repo.findBooking(deps.db, q.excluding);
    if (own && own.memberId === who.userId && own.counsellorId === counsellorId) except = own.id;
  }
  if (!c.accepting) return freeSlots(rulesOf(c), [], { zone: q.tz, from, days: 0, now });
  // Taken time from a day before the first local day to a day after the last (zones differ).
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - 2 * 86_400_000);
  const end = new Date(start.getTime() + (q.days + 4) * 86_400_000);
  const busy = await repo.busyBetween(deps.db, c.userId, start, end, except);
  return freeSlots(rulesOf(c), busy, { zone: q.tz, from, days: q.days, now });
}

// ---------------------------------------------------------------- bookings

/** An exclusion violation: the counsellor's time overlaps a booking written first. */
function isOverlap(err: unknown): boolean {
  return pgCode(err) === PG.exclusionViolation;
}

/**
 * A deadlock between concurrent writers of one counsellor's time: PostgreSQL documents that
 * exclusion constraints can deadlock when conflicting rows are inserted at once. The loser is
 * retried; on the retry the winner's row is there and the constraint answers SLOT_TAKEN.
 */
function isDeadlock(err: unknown): boolean {
  return pgCode(err) === PG.deadlock;
}

async function retryingDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isDeadlock(err) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

function effectiveStatus(b: repo.ConsultationRow, now: Date): BookingStatus {
  if (b.status === 'booked' && b.endsAt <= now) return 'completed';
  return b.status as BookingStatus;
}

function refundableUntil(b: Pick<repo.ConsultationRow, 'startsAt' | 'cancelCutoffHours'>): Date {
  return new Date(b.startsAt.getTime() - b.cancelCutoffHours * HOUR);
}

export function bookingDto(b: repo.BookingRow, viewer: string, now: Date): BookingDto {
  const role = b.counsellorId === viewer ? 'counsellor' : 'member';
  const status = effectiveStatus(b, now);
  const booked = b.status === 'booked';
  const upcoming = booked && b.endsAt > now;
  const beforeStart = booked && b.startsAt > now;
  const opens = new Date(b.startsAt.getTime() - ROOM_OPENS_MINUTES * MINUTE);
  return {
    id: b.id,
    status,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    role,
    counsellor: {
      id: b.counsellorId,
      displayName: b.counsellorName,
      photoUrl: photoUrlOf({ userId: b.counsellorId, photoMediaId: b.counsellorPhoto }),
      timeZone: b.counsellorZone,
    },
    member: {
      id: b.memberId,
      name: role === 'counsellor' ? b.memberFirstName : `${b.memberFirstName} ${b.memberLastName}`.trim(),
    },
    priceCredits: b.priceCredits,
    refundedCredits: b.refundedCredits,
    refundableUntil: refundableUntil(b).toISOString(),
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    cancelledBy: (b.cancelledBy as BookingDto['cancelledBy']) ?? null,
    cancelReason: b.cancelReason,
    sharedNotes: b.sharedNotes,
    privateNotes: role === 'counsellor' ? b.privateNotes : null,
    rating: b.rating,
    review: b.review,
    can: {
      cancel: beforeStart,
      reschedule: role === 'member' && beforeStart && now < refundableUntil(b),
      review: role === 'member' && status === 'completed' && b.rating === null,
      notes: role === 'counsellor' && b.status !== 'cancelled',
      outcome: role === 'counsellor' && booked && b.startsAt <= now,
      join: upcoming && now >= opens,
    },
    roomOpensAt: opens.toISOString(),
    createdAt: b.createdAt.toISOString(),
  };
}

/** A booking its reader takes part in; anyone else gets NOT_FOUND (its existence is not told). */
async function ownBooking(deps: Deps, actor: Actor, id: string): Promise<{ who: Authorized; b: repo.BookingRow }> {
  const who = requireAccess(actor, 'consultation.book');
  const b = await repo.findBooking(deps.db, id);
  if (!b || (b.memberId !== who.userId && b.counsellorId !== who.userId)) throw new AppError('NOT_FOUND');
  return { who, b };
}

async function reread(deps: Deps, id: string, viewer: string): Promise<BookingDto> {
  const b = await repo.findBooking(deps.db, id);
  if (!b) throw new AppError('NOT_FOUND');
  return bookingDto(b, viewer, deps.clock.now());
}

/** The notices and reminders of a booking's version, queued in its transaction. */
async function queueNotices(
  deps: Deps,
  tx: DbOrTx,
  b: Pick<repo.ConsultationRow, 'id' | 'startsAt' | 'version'>,
  event: 'booked' | 'moved' | 'cancelled',
  now: Date,
) {
  await deps.jobs.enqueue('consultation-notice', { consultationId: b.id, event, version: b.version }, { tx });
  if (event === 'cancelled') return;
  for (const [kind, before] of [
    ['reminder-24h', 24 * HOUR],
    ['reminder-1h', HOUR],
  ] as const) {
    const when = new Date(b.startsAt.getTime() - before);
    // A reminder whose time has passed at booking is not sent (a session booked for tomorrow
    // morning gets the 1 h one only).
    if (when <= now) continue;
    await deps.jobs.enqueue(
      'consultation-notice',
      { consultationId: b.id, event: kind, version: b.version },
      { tx, startAfter: when },
    );
  }
}

export async function book(deps: Deps, actor: Actor, input: z.infer<typeof bookSchema>): Promise<BookingDto> {
  const who = await member(deps, actor);
  if (input.counsellorId === who.userId) throw new AppError('BOOKING_OWN');
  const c = await listedCounsellor(deps.db, input.counsellorId);
  if (!c.accepting) throw new AppError('COUNSELLOR_NOT_ACCEPTING');
  const now = deps.clock.now();
  const startsAt = new Date(input.startsAt);
  if (!isOffered(rulesOf(c), startsAt, now)) throw new AppError('SLOT_UNAVAILABLE');
  const endsAt = new Date(startsAt.getTime() + c.sessionMinutes * MINUTE);
  let id: string;
  try {
    id = await retryingDeadlocks(() =>
      deps.db.transaction(async (tx) => {
        await repo.lockCounsellorTime(tx, c.userId);
        const row = await repo.insertConsultation(tx, {
          counsellorId: c.userId,
          memberId: who.userId,
          startsAt,
          endsAt,
          blockedUntil: new Date(endsAt.getTime() + c.bufferMinutes * MINUTE),
          status: 'booked',
          priceCredits: c.priceCredits,
          cancelCutoffHours: c.cancelCutoffHours ?? DEFAULT_CANCEL_CUTOFF_HOURS,
          memberTimeZone: input.timeZone ?? c.timeZone,
          createdAt: now,
          updatedAt: now,
        });
        // Paid at booking, in the same transaction: no credits, no booking.
        if (c.priceCredits > 0) {
          await spendAs(
            tx,
            who.userId,
            c.priceCredits,
            'consultation',
            `consultation:${row.id}`,
            `consultation:${row.id}`,
            now,
          );
        }
        await queueNotices(deps, tx, row, 'booked', now);
        return row.id;
      }),
    );
  } catch (err) {
    if (isOverlap(err)) throw new AppError('SLOT_TAKEN');
    throw err;
  }
  deps.jobs.wake('consultation-notice');
  return reread(deps, id, who.userId);
}

export async function listBookings(
  deps: Deps,
  actor: Actor,
  q: z.infer<typeof bookingListQuerySchema>,
): Promise<{ bookings: BookingDto[] }> {
  const who = requireAccess(actor, 'consultation.book');
  if (q.as === 'counsellor') {
    const row = await repo.findCounsellor(deps.db, who.userId);
    if (!row) throw new AppError('NOT_A_COUNSELLOR');
  }
  const now = deps.clock.now();
  const rows = await repo.bookingsOf(deps.db, { userId: who.userId, as: q.as, when: q.when, now });
  return { bookings: rows.map((b) => bookingDto(b, who.userId, now)) };
}

export async function getBooking(deps: Deps, actor: Actor, id: string): Promise<BookingDto> {
  const { who, b } = await ownBooking(deps, actor, id);
  return bookingDto(b, who.userId, deps.clock.now());
}

/**
 * Cancels a booking that has not begun. The member is refunded in full before the cutoff and
 * not after; a counsellor's (or an administrator's) cancel always refunds in full.
 */
export async function cancel(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.infer<typeof cancelSchema>,
): Promise<BookingDto> {
  const { who, b } = await ownBooking(deps, actor, id);
  const by = b.counsellorId === who.userId ? 'counsellor' : 'member';
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, id);
    if (!row || row.status !== 'booked' || row.startsAt <= now) throw new AppError('BOOKING_NOT_CHANGEABLE');
    const refund = by === 'counsellor' || now < refundableUntil(row) ? row.priceCredits : 0;
    await repo.updateBooking(tx, id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: by,
      cancelReason: input.reason || null,
      refundedCredits: refund,
      updatedAt: now,
    });
    if (refund > 0) {
      await grant(
        tx,
        row.memberId,
        refund,
        'consultation_refund',
        `consultation-refund:${id}`,
        `consultation:${id}`,
        now,
      );
    }
    await queueNotices(deps, tx, row, 'cancelled', now);
  });
  deps.jobs.wake('consultation-notice');
  return reread(deps, id, who.userId);
}

/** The member moves a booking to another free slot of the same counsellor, before the cutoff. */
export async function reschedule(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.infer<typeof rescheduleSchema>,
): Promise<BookingDto> {
  const { who, b } = await ownBooking(deps, actor, id);
  if (b.memberId !== who.userId) throw new AppError('BOOKING_NOT_CHANGEABLE');
  const c = await repo.findCounsellor(deps.db, b.counsellorId);
  if (!c?.active) throw new AppError('BOOKING_NOT_CHANGEABLE');
  const now = deps.clock.now();
  const startsAt = new Date(input.startsAt);
  if (!isOffered(rulesOf(c), startsAt, now)) throw new AppError('SLOT_UNAVAILABLE');
  const endsAt = new Date(startsAt.getTime() + c.sessionMinutes * MINUTE);
  try {
    await retryingDeadlocks(() =>
      deps.db.transaction(async (tx) => {
        await repo.lockCounsellorTime(tx, c.userId);
        const row = await repo.lockBooking(tx, id);
        if (!row || row.status !== 'booked' || now >= refundableUntil(row))
          throw new AppError('BOOKING_NOT_CHANGEABLE');
        const moved = await repo.updateBooking(tx, id, {
          startsAt,
          endsAt,
          blockedUntil: new Date(endsAt.getTime() + c.bufferMinutes * MINUTE),
          memberTimeZone: input.timeZone ?? row.memberTimeZone,
          version: row.version + 1,
          updatedAt: now,
        });
        await queueNotices(deps, tx, moved!, 'moved', now);
      }),
    );
  } catch (err) {
    if (isOverlap(err)) throw new AppError('SLOT_TAKEN');
    throw err;
  }
  deps.jobs.wake('consultation-notice');
  return reread(deps, id, who.userId);
}

export async function saveNotes(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.infer<typeof notesSchema>,
): Promise<BookingDto> {
  const { who, b } = await ownBooking(deps, actor, id);
  // The member gets not-found, as for anything that is not theirs to change.
  if (b.counsellorId !== who.userId) throw new AppError('NOT_FOUND');
  if (b.status === 'cancelled') throw new AppError('BOOKING_NOT_CHANGEABLE');
  await repo.updateBooking(deps.db, id, {
    privateNotes: input.privateNotes,
    sharedNotes: input.sharedNotes,
    updatedAt: deps.clock.now(),
  });
  return reread(deps, id, who.userId);
}

export async function review(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.infer<typeof reviewSchema>,
): Promise<BookingDto> {
  const { who, b } = await ownBooking(deps, actor, id);
  if (b.memberId !== who.userId) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, id);
    if (!row || effectiveStatus(row, now) !== 'completed' || row.rating !== null)
      throw new AppError('REVIEW_NOT_ALLOWED');
    await repo.updateBooking(tx, id, {
      rating: input.rating,
      review: input.review || null,
      reviewedAt: now,
      updatedAt: now,
    });
    await repo.addRating(tx, row.counsellorId, input.rating);
  });
  return reread(deps, id, who.userId);
}

export async function outcome(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.infer<typeof outcomeSchema>,
): Promise<BookingDto> {
  const { who, b } = await ownBooking(deps, actor, id);
  if (b.counsellorId !== who.userId) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, id);
    if (!row || row.status !== 'booked' || row.startsAt > now) throw new AppError('OUTCOME_NOT_ALLOWED');
    await repo.updateBooking(tx, id, { status: input.outcome, updatedAt: now });
  });
  return reread(deps, id, who.userId);
}

// ---------------------------------------------------------------- the counsellor's own screen

export async function me(
  deps: Deps,
  actor: Actor,
): Promise<{ profile: CounsellorSelfDto; availability: AvailabilityDto }> {
  const { row } = await counsellorSelf(deps, actor);
  const stats = await repo.counsellorWithStats(deps.db, row.userId, deps.clock.now());
  return { profile: selfDto(row, stats?.completed ?? 0), availability: row.availability };
}

export async function saveProfile(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof counsellorProfileSchema>,
): Promise<CounsellorSelfDto> {
  const { row } = await counsellorSelf(deps, actor);
  const specialties = [...new Map(input.specialties.map((s) => [s.toLowerCase(), s])).values()];
  const saved = await repo.updateCounsellor(deps.db, row.userId, {
    ...input,
    languages: [...new Set(input.languages)],
    specialties,
    updatedAt: deps.clock.now(),
  });
  const stats = await repo.counsellorWithStats(deps.db, row.userId, deps.clock.now());
  return selfDto(saved!, stats?.completed ?? 0);
}

export async function saveAvailability(
  deps: Deps,
  actor: Actor,
  input: z.infer<typeof availabilitySchema>,
): Promise<AvailabilityDto> {
  const { row } = await counsellorSelf(deps, actor);
  const sortDay = (w: AvailabilityDto['weekly'][1]) => [...w].sort((a, b) => a.start.localeCompare(b.start));
  const availability: AvailabilityDto = {
    weekly: {
      1: sortDay(input.weekly[1]),
      2: sortDay(input.weekly[2]),
      3: sortDay(input.weekly[3]),
      4: sortDay(input.weekly[4]),
      5: sortDay(input.weekly[5]),
      6: sortDay(input.weekly[6]),
      7: sortDay(input.weekly[7]),
    },
    overrides: [...input.overrides]
      .map((o) => ({ date: o.date, windows: sortDay(o.windows) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
  // Sessions already booked stay: a change of hours applies to what is booked from now on.
  const saved = await repo.updateCounsellor(deps.db, row.userId, { availability, updatedAt: deps.clock.now() });
  return saved!.availability;
}

/**
 * The counsellor's photo: one of their own ready uploads (POST /api/media) becomes it, and the
 * one it replaces is deleted with its files; null removes it.
 */
export async function savePhoto(deps: Deps, actor: Actor, mediaId: string | null): Promise<CounsellorSelfDto> {
  const { row } = await counsellorSelf(deps, actor);
  const previous = row.photoMediaId;
  if (mediaId !== previous) {
    await deps.db.transaction(async (tx) => {
      if (mediaId) await attachAsProfilePhoto(tx, row.userId, mediaId);
      await repo.updateCounsellor(tx, row.userId, { photoMediaId: mediaId, updatedAt: deps.clock.now() });
    });
    if (previous) await dropProfilePhoto(deps, previous);
  }
  return (await me(deps, actor)).profile;
}

/** Sends a counsellor's photo to any signed-in member. */
export async function sendPhoto(
  deps: Deps,
  actor: Actor,
  reply: FastifyReply,
  counsellorId: string,
  variant: 'feed' | 'full',
): Promise<FastifyReply> {
  requireAccess(actor, 'consultation.book');
  const c = await repo.findCounsellor(deps.db, counsellorId);
  const photo = c?.active && c.photoMediaId ? await findProfilePhoto(deps, c.userId, c.photoMediaId) : null;
  if (!photo) throw new AppError('NOT_FOUND');
  reply.header('cache-control', 'private, max-age=86400');
  return sendMedia(deps, reply, photo, variant, undefined);
}

// ---------------------------------------------------------------- administration

function adminDto(r: Awaited<ReturnType<typeof repo.adminCounsellors>>[number]): AdminCounsellorDto {
  return {
    userId: r.c.userId,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    displayName: r.c.displayName,
    listed: isListed(r.c),
    since: r.c.createdAt.toISOString(),
  };
}

export async function adminList(deps: Deps, actor: Actor): Promise<{ counsellors: AdminCounsellorDto[] }> {
  requireAdmin(actor);
  return { counsellors: (await repo.adminCounsellors(deps.db)).map(adminDto) };
}

export async function makeCounsellor(deps: Deps, actor: Actor, email: string): Promise<AdminCounsellorDto> {
  requireAdmin(actor);
  const user = await repo.userByEmail(deps.db, email);
  if (!user) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction((tx) =>
    repo.activateCounsellor(tx, user.id, `${user.firstName} ${user.lastName}`.trim(), now),
  );
  const [row] = await repo.adminCounsellors(deps.db, user.id);
  return adminDto(row!);
}

/**
 * Undoes it: the member is no longer listed nor bookable. Sessions already booked stay booked
 * (the counsellor may still cancel them, with a full refund).
 */
export async function undoCounsellor(deps: Deps, actor: Actor, userId: string): Promise<{ removed: boolean }> {
  requireAdmin(actor);
  const removed = await deps.db.transaction((tx) => repo.deactivateCounsellor(tx, userId, deps.clock.now()));
  return { removed };
}

/** The locale of a stored user, for their mails. */
export function localeOf(tag: string | null | undefined) {
  return matchLocale(tag) ?? DEFAULT_LOCALE;
}
