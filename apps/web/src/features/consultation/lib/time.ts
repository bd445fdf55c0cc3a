import type { BookingDto, SlotDayDto, SlotDto } from '@candeia/shared/schemas/consultation';

/**
 * Days and times of consultations as the member reads them: in their browser's zone, in their
 * language. A local day travels as `YYYY-MM-DD` and is drawn at noon UTC, so no zone moves it.
 */

/** The browser's IANA zone (what the slots are asked in), UTC when the runtime does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the runtime knows, for the counsellor's select (with `current` first if missing). */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', current];
  return known.includes(current) ? known : [current, ...known];
}

/** The day (`YYYY-MM-DD`) it is in `zone` at `now`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const dayDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

/** `date` moved by `days` (calendar days). */
export function addDays(date: string, days: number): string {
  const d = dayDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "segunda-feira, 30 de novembro": a local day as a heading. */
export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    dayDate(date),
  );
}

/** "seg., 30 de nov.": a local day, short. */
export function formatDayShort(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    dayDate(date),
  );
}

/** "ter., 1 de dez., 14:00": an instant in `zone`. */
export function formatWhen(iso: string, locale: string, zone: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(new Date(iso));
}

/** "terça-feira, 1 de dezembro de 2026": the day of an instant in `zone`. */
export function formatLongDay(iso: string, locale: string, zone: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(new Date(iso));
}

/** The text with its first letter a capital, as a day opening a line is written ("Quinta-feira, …"). */
export function upperFirst(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "14:00": the time of an instant in `zone`. */
export function formatTime(iso: string, locale: string, zone: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(new Date(iso));
}

/** "01/12 14:00" (day and month in the locale's order, always two digits): a deadline, compact. */
export function formatDeadline(iso: string, locale: string, zone: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).formatToParts(new Date(iso));
  const get = (type: string) => (parts.find((p) => p.type === type)?.value ?? '').padStart(2, '0');
  const monthFirst = parts.findIndex((p) => p.type === 'month') < parts.findIndex((p) => p.type === 'day');
  const date = monthFirst ? `${get('month')}/${get('day')}` : `${get('day')}/${get('month')}`;
  return `${date} ${get('hour')}:${get('minute')}`;
}

/** Until when a member's cancel is refunded in full: the start less the counsellor's cutoff. */
export function refundDeadline(startsAt: string, cutoffHours: number): string {
  return new Date(Date.parse(startsAt) - cutoffHours * 3_600_000).toISOString();
}

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Morning before 12:00, afternoon before 18:00, evening after. */
export function dayPart(time: string): DayPart {
  const hour = Number(time.slice(0, 2));
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

export interface SlotGroup {
  part: DayPart;
  slots: SlotDto[];
}

export interface SlotDayView {
  date: string;
  groups: SlotGroup[];
  count: number;
}

/**
 * The days to show, each with its slots by part of the day, in time order: days with no free
 * slot are left out, and so is a part with none.
 */
export function slotDays(days: readonly SlotDayDto[]): SlotDayView[] {
  return days
    .filter((d) => d.slots.length > 0)
    .map((d) => {
      const sorted = [...d.slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
      const groups: SlotGroup[] = [];
      for (const slot of sorted) {
        const part = dayPart(slot.time);
        const last = groups.at(-1);
        if (last?.part === part) last.slots.push(slot);
        else groups.push({ part, slots: [slot] });
      }
      return { date: d.date, groups, count: sorted.length };
    });
}

/**
 * The member's bookings split for the screens: upcoming (booked and not yet ended, soonest first)
 * and the rest (latest first).
 */
export function splitBookings(
  bookings: readonly BookingDto[],
  now: number = Date.now(),
): { upcoming: BookingDto[]; past: BookingDto[] } {
  const upcoming = bookings
    .filter((b) => b.status === 'booked' && Date.parse(b.endsAt) > now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const past = bookings
    .filter((b) => !upcoming.includes(b))
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return { upcoming, past };
}

/** How soon a member wants a session: any time, or a free slot within so many days. */
export const WITHIN_DAYS = [1, 3, 7] as const;

/**
 * The counsellors with a free slot within `days` of now, soonest first; all of them, in the
 * server's order (by rating), when `days` is null.
 */
export function freeWithin<T extends { nextSlot: string | null }>(
  list: T[],
  days: number | null,
  now = Date.now(),
): T[] {
  if (days === null) return list;
  const limit = now + days * 86_400_000;
  return list
    .filter((c) => c.nextSlot !== null && Date.parse(c.nextSlot) <= limit)
    .sort((a, b) => Date.parse(a.nextSlot!) - Date.parse(b.nextSlot!));
}
