import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AvailabilityDto } from '@candeia/shared/schemas/consultation';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member an administrator made a counsellor (PRODUCT.md: human specialists), with their public
 * profile, booking rules and weekly availability in their own IANA zone. `active` false: the
 * administrator undid it; the row stays for the sessions' history.
 */
export const counsellors = pgTable(
  'counsellors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    displayName: text('display_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** The profile photo (a media row whose `profile_of` is this counsellor), or none. */
    photoMediaId: uuid('photo_media_id'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sessionMinutes: smallint('session_minutes').notNull().default(50),
    priceCredits: bigint('price_credits', { mode: 'number' }).notNull().default(3000),
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    bufferMinutes: smallint('buffer_minutes').notNull().default(10),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(720),
    horizonDays: smallint('horizon_days').notNull().default(60),
    cancelCutoffHours: smallint('cancel_cutoff_hours').notNull().default(24),
    accepting: boolean('accepting').notNull().default(true),
    /** ISO weekday → windows, and date overrides, in `time_zone` (shared `availabilitySchema`). */
    availability: jsonb('availability')
      .$type<AvailabilityDto>()
      .notNull()
      .default(sql`'{"weekly":{"1":[],"2":[],"3":[],"4":[],"5":[],"6":[],"7":[]},"overrides":[]}'::jsonb`),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('counsellors_price_non_negative', sql`${t.priceCredits} >= 0`),
    index('counsellors_active_idx').on(t.active),
  ],
);

/**
 * A booked consultation. Two bookings of one counsellor that are not cancelled never overlap,
 * buffer included: an exclusion constraint on `[starts_at, blocked_until)` (migration 0013,
 * btree_gist), so of concurrent requests for one slot exactly one is written.
 * `status`: booked → completed | no_show (the counsellor, or the time passing) | cancelled.
 */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    counsellorId: uuid('counsellor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    /** The end plus the counsellor's buffer: what the exclusion constraint keeps apart. */
    blockedUntil: tz('blocked_until').notNull(),
    status: text('status').notNull().default('booked'),
    priceCredits: bigint('price_credits', { mode: 'number' }).notNull(),
    refundedCredits: bigint('refunded_credits', { mode: 'number' }).notNull().default(0),
    /** The counsellor's cutoff when it was booked (a later change does not move it). */
    cancelCutoffHours: smallint('cancel_cutoff_hours').notNull(),
    memberTimeZone: text('member_time_zone').notNull().default('America/Sao_Paulo'),
    /** Moves so far: each move has its own ledger keys and reminders. */
    version: integer('version').notNull().default(0),
    cancelledAt: tz('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    privateNotes: text('private_notes').notNull().default(''),
    sharedNotes: text('shared_notes').notNull().default(''),
    rating: smallint('rating'),
    review: text('review'),
    reviewedAt: tz('reviewed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('consultations_status', sql`${t.status} in ('booked', 'completed', 'cancelled', 'no_show')`),
    check('consultations_times', sql`${t.startsAt} < ${t.endsAt} and ${t.endsAt} <= ${t.blockedUntil}`),
    check('consultations_rating', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check(
      'consultations_cancelled_by',
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('member', 'counsellor', 'admin')`,
    ),
    index('consultations_counsellor_idx').on(t.counsellorId, t.startsAt),
    index('consultations_member_idx').on(t.memberId, t.startsAt),
    index('consultations_booked_idx').on(t.status, t.startsAt),
  ],
);

/** A mail about a booking already sent (confirmed, moved, cancelled, a reminder), so a repeated job never sends it twice. */
export const consultationNotices = pgTable(
  'consultation_notices',
  {
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    /** 'booked' | 'moved' | 'cancelled' | 'reminder-24h' | 'reminder-1h', for the booking's version. */
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consultationId, t.kind, t.version] })],
);

/**
 * What happens in a consultation's room, in order: chat messages (kept with the session),
 * signalling between the two browsers (offers, answers, ICE candidates: deleted a day later),
 * joins, leaves and the end. Each row is announced on the event bus with its id only; every
 * process with a socket in the room reads the rows after the last one it forwarded.
 */
export const consultationRoomEvents = pgTable(
  'consultation_room_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    fromUser: uuid('from_user').notNull(),
    /** The socket that wrote it (a member's other tab is another socket). */
    connection: text('connection').notNull(),
    /** 'chat' | 'signal' | 'join' | 'here' | 'leave' | 'end'. */
    kind: text('kind').notNull(),
    payload: jsonb('payload')
      .$type<unknown>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('consultation_room_events_kind', sql`${t.kind} in ('chat', 'signal', 'join', 'here', 'leave', 'end')`),
    index('consultation_room_events_room_idx').on(t.consultationId, t.id),
    index('consultation_room_events_kind_created_idx').on(t.kind, t.createdAt),
  ],
);
