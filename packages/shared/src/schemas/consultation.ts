import { z } from 'zod';
import { SUPPORTED_LOCALES as LOCALES } from '../constants.ts';
import { emailSchema } from './common.ts';

/**
 * Consultations with human counsellors (SPEC.md §1, PRODUCT.md): counsellors' profiles and
 * weekly availability in their own time zone, slots shown in the member's, bookings paid in
 * credits, cancel and reschedule up to a cutoff, history with notes and reviews.
 *
 * Every instant on the wire is an ISO-8601 UTC string; a local day is `YYYY-MM-DD` and a local
 * time `HH:mm`, always with the IANA zone they belong to.
 */

/** Validation messages of consultations (keys in the `validation` namespace). */
export const KV = {
  displayName: 'validation:consultation.displayName',
  bioTooLong: 'validation:consultation.bioTooLong',
  languages: 'validation:consultation.languages',
  specialties: 'validation:consultation.specialties',
  specialtyTooLong: 'validation:consultation.specialtyTooLong',
  sessionMinutes: 'validation:consultation.sessionMinutes',
  price: 'validation:consultation.price',
  timeZone: 'validation:consultation.timeZone',
  buffer: 'validation:consultation.buffer',
  notice: 'validation:consultation.notice',
  horizon: 'validation:consultation.horizon',
  cutoff: 'validation:consultation.cutoff',
  time: 'validation:consultation.time',
  range: 'validation:consultation.range',
  overlap: 'validation:consultation.overlap',
  date: 'validation:consultation.date',
  notesTooLong: 'validation:consultation.notesTooLong',
  rating: 'validation:consultation.rating',
  reviewTooLong: 'validation:consultation.reviewTooLong',
  reasonTooLong: 'validation:consultation.reasonTooLong',
} as const;

/** Lengths a counsellor may offer, in minutes. */
export const SESSION_MINUTES = [30, 45, 50, 60, 90] as const;
export const DEFAULT_SESSION_MINUTES = 50;
/** Credits a session costs unless the counsellor sets another price. */
export const DEFAULT_SESSION_PRICE = 3000;
export const SESSION_PRICE_MAX = 1_000_000;
/** Hours before the start up to which a member's cancel is refunded in full (per counsellor). */
export const DEFAULT_CANCEL_CUTOFF_HOURS = 24;
export const CANCEL_CUTOFF_HOURS_MAX = 168;
export const DEFAULT_BUFFER_MINUTES = 10;
export const BUFFER_MINUTES_MAX = 120;
/** The earliest a slot may start, counted from now (minutes). */
export const DEFAULT_MIN_NOTICE_MINUTES = 12 * 60;
export const MIN_NOTICE_MINUTES_MAX = 14 * 24 * 60;
/** How far ahead members may book (days). */
export const DEFAULT_HORIZON_DAYS = 60;
export const HORIZON_DAYS_MAX = 180;
/** Days of slots one request may ask for. */
export const SLOT_DAYS_MAX = 62;
/** Slots start on this grid within an availability window (minutes). */
export const SLOT_STEP_MINUTES = 15;
/** The room opens this many minutes before the start. */
export const ROOM_OPENS_MINUTES = 10;
export const BIO_MAX = 2000;
export const DISPLAY_NAME_MAX = 80;
export const SPECIALTY_MAX = 40;
export const SPECIALTIES_MAX = 8;
export const NOTES_MAX = 5000;
export const REVIEW_MAX = 1000;
export const CANCEL_REASON_MAX = 500;
/** Windows per weekday, and date overrides kept per counsellor. */
export const WINDOWS_PER_DAY_MAX = 6;
export const OVERRIDES_MAX = 200;

/** Suggested specialties (the counsellor may write others). Keys of `consultation:specialty.*`. */
export const SPECIALTIES = [
  'grief',
  'anxiety',
  'family',
  'marriage',
  'faith',
  'purpose',
  'forgiveness',
  'prayer',
  'addiction',
  'youth',
] as const;

const TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/;
const DATE_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

/** A zone the runtime knows (IANA name, as `Intl` resolves it). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string({ error: KV.timeZone }).max(64, KV.timeZone).refine(isTimeZone, KV.timeZone);

/** `HH:mm` → minutes since midnight (24:00 → 1440). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const timeSchema = z.string({ error: KV.time }).regex(TIME_PATTERN, KV.time);
const dateSchema = z.string({ error: KV.date }).regex(DATE_PATTERN, KV.date);

/** A window of availability in the counsellor's zone: `start` < `end`, on the 15-minute grid. */
export const windowSchema = z
  .strictObject({ start: timeSchema, end: timeSchema })
  .refine((w) => minutesOf(w.start) < minutesOf(w.end), { message: KV.range, path: ['end'] });
export type AvailabilityWindow = z.infer<typeof windowSchema>;

function noOverlap(windows: readonly AvailabilityWindow[]): boolean {
  const sorted = [...windows].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  return sorted.every((w, i) => i === 0 || minutesOf(sorted[i - 1]!.end) <= minutesOf(w.start));
}

const dayWindowsSchema = z.array(windowSchema).max(WINDOWS_PER_DAY_MAX).refine(noOverlap, KV.overlap);

/**
 * The weekly availability: ISO weekday (1 Monday … 7 Sunday) → windows, and date overrides
 * (a day with other windows, or `windows: []` for a day off).
 */
export const availabilitySchema = z.strictObject({
  weekly: z.strictObject({
    1: dayWindowsSchema,
    2: dayWindowsSchema,
    3: dayWindowsSchema,
    4: dayWindowsSchema,
    5: dayWindowsSchema,
    6: dayWindowsSchema,
    7: dayWindowsSchema,
  }),
  overrides: z
    .array(z.strictObject({ date: dateSchema, windows: dayWindowsSchema }))
    .max(OVERRIDES_MAX)
    .refine((list) => new Set(list.map((o) => o.date)).size === list.length, KV.date),
});
export type AvailabilityInput = z.input<typeof availabilitySchema>;
export type AvailabilityDto = z.infer<typeof availabilitySchema>;

/** What a counsellor says of themself, and their booking rules. */
export const counsellorProfileSchema = z.strictObject({
  displayName: z.string({ error: KV.displayName }).trim().min(2, KV.displayName).max(DISPLAY_NAME_MAX, KV.displayName),
  bio: z.string().trim().max(BIO_MAX, KV.bioTooLong).default(''),
  languages: z.array(z.enum(LOCALES), { error: KV.languages }).min(1, KV.languages).max(LOCALES.length),
  specialties: z
    .array(z.string().trim().min(2, KV.specialtyTooLong).max(SPECIALTY_MAX, KV.specialtyTooLong))
    .min(1, KV.specialties)
    .max(SPECIALTIES_MAX, KV.specialties),
  sessionMinutes: z.literal(SESSION_MINUTES, { error: KV.sessionMinutes }),
  priceCredits: z.number({ error: KV.price }).int(KV.price).min(0, KV.price).max(SESSION_PRICE_MAX, KV.price),
  timeZone: timeZoneSchema,
  bufferMinutes: z.number({ error: KV.buffer }).int(KV.buffer).min(0, KV.buffer).max(BUFFER_MINUTES_MAX, KV.buffer),
  minNoticeMinutes: z
    .number({ error: KV.notice })
    .int(KV.notice)
    .min(0, KV.notice)
    .max(MIN_NOTICE_MINUTES_MAX, KV.notice),
  horizonDays: z.number({ error: KV.horizon }).int(KV.horizon).min(1, KV.horizon).max(HORIZON_DAYS_MAX, KV.horizon),
  cancelCutoffHours: z
    .number({ error: KV.cutoff })
    .int(KV.cutoff)
    .min(0, KV.cutoff)
    .max(CANCEL_CUTOFF_HOURS_MAX, KV.cutoff),
  /** Shown in the list: a counsellor may pause new bookings without losing the booked ones. */
  accepting: z.boolean().default(true),
});
export type CounsellorProfileInput = z.input<typeof counsellorProfileSchema>;

/** The counsellor's photo: an upload of theirs (POST /api/media), or null to go back to initials. */
export const counsellorPhotoSchema = z.strictObject({ mediaId: z.uuid().nullable() });
export const counsellorPhotoParamsSchema = z.strictObject({
  counsellorId: z.uuid(),
  variant: z.enum(['feed', 'full']),
});

export const counsellorListQuerySchema = z.strictObject({
  language: z.enum(LOCALES).optional(),
  specialty: z.string().trim().max(SPECIALTY_MAX).optional(),
  /** The member's zone, for "next free slot". */
  tz: timeZoneSchema.optional(),
});

export const counsellorParamsSchema = z.strictObject({ counsellorId: z.uuid() });

export const slotsQuerySchema = z.strictObject({
  /** The first local day (in `tz`); today when left out. */
  from: dateSchema.optional(),
  days: z.coerce.number().int().min(1).max(SLOT_DAYS_MAX).default(14),
  /** The member's zone: days and times are given in it. */
  tz: timeZoneSchema,
  /** A booking being moved: its own time does not count as taken. */
  excluding: z.uuid().optional(),
});

export const bookSchema = z.strictObject({
  counsellorId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
  /** The member's zone, written into the confirmation mail. */
  timeZone: timeZoneSchema.optional(),
});

export const bookingParamsSchema = z.strictObject({ id: z.uuid() });

export const bookingListQuerySchema = z.strictObject({
  /** The member's own bookings, or (a counsellor) the sessions booked with them. */
  as: z.enum(['member', 'counsellor']).default('member'),
  when: z.enum(['upcoming', 'past', 'all']).default('all'),
});

export const cancelSchema = z.strictObject({
  reason: z.string().trim().max(CANCEL_REASON_MAX, KV.reasonTooLong).default(''),
});

export const rescheduleSchema = z.strictObject({
  startsAt: z.iso.datetime({ offset: true }),
  timeZone: timeZoneSchema.optional(),
});

export const notesSchema = z.strictObject({
  /** Only the counsellor reads these. */
  privateNotes: z.string().max(NOTES_MAX, KV.notesTooLong).default(''),
  /** The member reads these in their history. */
  sharedNotes: z.string().max(NOTES_MAX, KV.notesTooLong).default(''),
});

export const reviewSchema = z.strictObject({
  rating: z.number({ error: KV.rating }).int(KV.rating).min(1, KV.rating).max(5, KV.rating),
  review: z.string().trim().max(REVIEW_MAX, KV.reviewTooLong).default(''),
});

/** The counsellor marks a session that has begun as completed or the member absent. */
export const outcomeSchema = z.strictObject({ outcome: z.enum(['completed', 'no_show']) });

export const makeCounsellorSchema = z.strictObject({ email: emailSchema });
export const counsellorUserParamsSchema = z.strictObject({ userId: z.uuid() });

export interface CounsellorDto {
  id: string;
  displayName: string;
  /** Null until the counsellor sets a photo: the screens draw initials. */
  photoUrl: string | null;
  bio: string;
  languages: string[];
  specialties: string[];
  sessionMinutes: number;
  priceCredits: number;
  timeZone: string;
  cancelCutoffHours: number;
  accepting: boolean;
  /** Average of members' ratings (1–5), null before the first. */
  rating: number | null;
  ratingCount: number;
  completedSessions: number;
  /** The next free slot (UTC), when asked for with the list. */
  nextSlot: string | null;
}

/** The counsellor's own profile: the public part and the booking rules. */
export interface CounsellorSelfDto extends CounsellorDto {
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** The profile is filled in enough to be listed (name, languages, specialties, a window). */
  listed: boolean;
}

export interface SlotDto {
  startsAt: string;
  endsAt: string;
  /** `HH:mm` in the asked zone. */
  time: string;
}

export interface SlotDayDto {
  /** `YYYY-MM-DD` in the asked zone. */
  date: string;
  slots: SlotDto[];
}

export interface SlotsDto {
  timeZone: string;
  counsellorTimeZone: string;
  days: SlotDayDto[];
}

/**
 * Where a booking stands: 'booked' (to come, or under way); 'completed' (ended, or the counsellor
 * said so); 'cancelled'; 'no_show' (the member did not come).
 */
export type BookingStatus = 'booked' | 'completed' | 'cancelled' | 'no_show';

export interface BookingDto {
  id: string;
  status: BookingStatus;
  startsAt: string;
  endsAt: string;
  /** The reader's side of it. */
  role: 'member' | 'counsellor';
  counsellor: { id: string; displayName: string; photoUrl: string | null; timeZone: string };
  /** The member as the counsellor sees them (first name); the member sees themself. */
  member: { id: string; name: string };
  priceCredits: number;
  /** Credits given back when it was cancelled. */
  refundedCredits: number;
  /** Until this instant a member's cancel (or move) is refunded in full. */
  refundableUntil: string;
  cancelledAt: string | null;
  cancelledBy: 'member' | 'counsellor' | 'admin' | null;
  cancelReason: string | null;
  /** The counsellor's notes for the member. */
  sharedNotes: string;
  /** Only in the counsellor's view. */
  privateNotes: string | null;
  rating: number | null;
  review: string | null;
  /** What the reader may do now. */
  can: { cancel: boolean; reschedule: boolean; review: boolean; notes: boolean; outcome: boolean; join: boolean };
  /** The room opens then (ROOM_OPENS_MINUTES before the start). */
  roomOpensAt: string;
  createdAt: string;
}

export interface AdminCounsellorDto {
  userId: string;
  email: string;
  name: string;
  displayName: string;
  listed: boolean;
  since: string;
}

// ---------------------------------------------------------------- the room

/** The room stays open this long after the planned end (a session that runs over). */
export const ROOM_CLOSES_AFTER_MINUTES = 30;
export const ROOM_CHAT_MAX = 2000;
/** Largest message a room's socket accepts (an SDP offer with its candidates fits). */
export const ROOM_FRAME_MAX_BYTES = 64 * 1024;

export interface IceServerDto {
  urls: string[];
  username?: string;
  credential?: string;
}

export interface RoomMessageDto {
  id: string;
  mine: boolean;
  name: string;
  text: string;
  at: string;
}

export interface RoomDto {
  booking: BookingDto;
  /** The two may be in the room now (from ROOM_OPENS_MINUTES before to ROOM_CLOSES_AFTER_MINUTES after). */
  open: boolean;
  opensAt: string;
  closesAt: string;
  /** STUN/TURN servers for the call; TURN credentials expire (TURN REST API). */
  iceServers: IceServerDto[];
  /** The chat so far, oldest first. */
  messages: RoomMessageDto[];
  /** The other side's name, as the reader sees it. */
  peerName: string;
}

const descriptionSchema = z.strictObject({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(ROOM_FRAME_MAX_BYTES).optional(),
});
const candidateSchema = z.strictObject({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** What a browser sends on the room's socket. */
export const roomClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('signal'),
    description: descriptionSchema.optional(),
    candidate: candidateSchema.nullable().optional(),
  }),
  z.strictObject({ type: z.literal('chat'), text: z.string().trim().min(1).max(ROOM_CHAT_MAX) }),
  /** "I am here": the answer to a peer who just joined, so both start the call. */
  z.strictObject({ type: z.literal('here') }),
  z.strictObject({ type: z.literal('end') }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type RoomClientMessage = z.infer<typeof roomClientMessageSchema>;

/** What the server sends on the room's socket. */
export type RoomServerMessage =
  | { type: 'ready'; role: 'member' | 'counsellor' }
  | { type: 'peer-joined' }
  | { type: 'peer-here' }
  | { type: 'peer-left' }
  | {
      type: 'signal';
      description?: z.infer<typeof descriptionSchema>;
      candidate?: z.infer<typeof candidateSchema> | null;
    }
  | { type: 'chat'; message: RoomMessageDto }
  | { type: 'ended' }
  | { type: 'pong' }
  | { type: 'error'; code: string };
