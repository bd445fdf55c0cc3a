import { DateTime } from 'luxon';
import {
  minutesOf,
  type AvailabilityDto,
  type AvailabilityWindow,
  type SlotDayDto,
  type SlotsDto,
} from '@candeia/shared/schemas/consultation';

/**
 * Free slots (PRODUCT.md: availability in the counsellor's zone, slots in the member's). Pure:
 * the counsellor's rules and availability, the time already taken, now, and the member's zone
 * in; the member's local days with their slots out. Time-zone arithmetic is luxon's (the IANA
 * database through Intl), never a fixed offset: a counsellor in São Paulo offering 09:00 is at
 * 13:00 in Madrid in January and 14:00 in July, and the day a clock changes is handled by the
 * library.
 */

export interface SlotRules {
  timeZone: string;
  sessionMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  availability: AvailabilityDto;
}

/** Time taken by another booking: `[start, blockedUntil)` (its end plus the buffer). */
export interface Busy {
  start: Date;
  blockedUntil: Date;
}

export interface SlotQuery {
  /** The member's zone. */
  zone: string;
  /** The first local day in `zone` (`YYYY-MM-DD`). */
  from: string;
  days: number;
  now: Date;
}

/** The windows of one local day of the counsellor: the date's override, else its weekday's. */
export function windowsOn(availability: AvailabilityDto, date: DateTime): readonly AvailabilityWindow[] {
  const iso = date.toISODate()!;
  const override = availability.overrides.find((o) => o.date === iso);
  if (override) return override.windows;
  return availability.weekly[date.weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7] ?? [];
}

/**
 * A wall-clock time of a local day as an instant (`24:00` is the next day's midnight). Set on the
 * calendar, not added as a duration: on the day a clock changes, 09:00 is still 09:00.
 */
function at(day: DateTime, minutes: number): DateTime {
  if (minutes >= 1440) return day.plus({ days: 1 }).startOf('day');
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 });
}

/**
 * Every start the counsellor offers between two instants, ignoring what is booked: in each
 * window, one session after another, a buffer apart. Local times that do not exist (the hour a
 * clock skips) are moved on by luxon; times that exist twice are taken once.
 */
export function offeredStarts(rules: SlotRules, from: Date, to: Date): Date[] {
  const zone = rules.timeZone;
  const step = rules.sessionMinutes + rules.bufferMinutes;
  const first = DateTime.fromJSDate(from, { zone }).startOf('day').minus({ days: 1 });
  const last = DateTime.fromJSDate(to, { zone }).startOf('day').plus({ days: 1 });
  const out: Date[] = [];
  const seen = new Set<number>();
  for (let day = first; day <= last; day = day.plus({ days: 1 })) {
    const windows = windowsOn(rules.availability, day);
    if (windows.length === 0) continue;
    // A day whose offset is the same at its start and its end has no clock change: its wall
    // times are plain arithmetic. The day a clock changes goes through luxon, time by time.
    const steady = day.offset === day.endOf('day').offset;
    const midnightUtc = Date.UTC(day.year, day.month - 1, day.day) - day.offset * 60_000;
    for (const w of windows) {
      const start = minutesOf(w.start);
      const end = minutesOf(w.end);
      for (let m = start; m + rules.sessionMinutes <= end; m += step) {
        let ms: number;
        if (steady) ms = midnightUtc + m * 60_000;
        else {
          const begin = at(day, m);
          const finish = at(day, m + rules.sessionMinutes);
          // A window cut by a clock change keeps only sessions that fit in real time.
          if (finish.diff(begin, 'minutes').minutes !== rules.sessionMinutes) continue;
          ms = begin.toMillis();
        }
        if (ms < from.getTime() || ms >= to.getTime() || seen.has(ms)) continue;
        seen.add(ms);
        out.push(new Date(ms));
      }
    }
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}

/**
 * An instant's local day and time in a zone. The offset is looked up once per UTC day (at its
 * start and end: equal means no change that day), and through luxon only on the day it changes.
 */
function localClock(zone: string) {
  const days = new Map<number, number | null>();
  return (ms: number): { date: string; time: string } => {
    const key = Math.floor(ms / 86_400_000);
    let offset = days.get(key);
    if (offset === undefined) {
      const a = DateTime.fromMillis(key * 86_400_000, { zone }).offset;
      const b = DateTime.fromMillis((key + 1) * 86_400_000 - 1, { zone }).offset;
      offset = a === b ? a : null;
      days.set(key, offset);
    }
    if (offset === null) {
      const local = DateTime.fromMillis(ms, { zone });
      return { date: local.toISODate()!, time: local.toFormat('HH:mm') };
    }
    const iso = new Date(ms + offset * 60_000).toISOString();
    return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
  };
}

/** The first and last instants a member may book at now. */
export function bookableRange(rules: SlotRules, now: Date): { earliest: Date; latest: Date } {
  return {
    earliest: new Date(now.getTime() + rules.minNoticeMinutes * 60_000),
    latest: new Date(now.getTime() + rules.horizonDays * 86_400_000),
  };
}

/** A session starting at `start` would overlap taken time (buffers included on both sides). */
export function overlapsBusy(rules: SlotRules, start: Date, busy: readonly Busy[]): boolean {
  const s = start.getTime();
  const blocked = s + (rules.sessionMinutes + rules.bufferMinutes) * 60_000;
  return busy.some((b) => s < b.blockedUntil.getTime() && b.start.getTime() < blocked);
}

/** The member's local days from `from`, each with its free slots in the member's zone. */
export function freeSlots(rules: SlotRules, busy: readonly Busy[], q: SlotQuery): SlotsDto {
  const firstDay = DateTime.fromISO(q.from, { zone: q.zone }).startOf('day');
  const rangeEnd = firstDay.plus({ days: q.days });
  const { earliest, latest } = bookableRange(rules, q.now);
  const from = new Date(Math.max(firstDay.toMillis(), earliest.getTime()));
  const to = new Date(Math.min(rangeEnd.toMillis(), latest.getTime()));
  const days: SlotDayDto[] = [];
  const byDate = new Map<string, SlotDayDto>();
  for (let d = firstDay; d < rangeEnd; d = d.plus({ days: 1 })) {
    const day = { date: d.toISODate()!, slots: [] };
    days.push(day);
    byDate.set(day.date, day);
  }
  if (from < to) {
    const clock = localClock(q.zone);
    // Taken time in order of its start: each slot looks only at what could overlap it.
    const taken = [...busy].sort((a, b) => a.start.getTime() - b.start.getTime());
    const blockMs = (rules.sessionMinutes + rules.bufferMinutes) * 60_000;
    let firstOpen = 0;
    for (const start of offeredStarts(rules, from, to)) {
      const s = start.getTime();
      // Slots come in order: what ended before this one ends before every later one.
      while (firstOpen < taken.length && taken[firstOpen]!.blockedUntil.getTime() <= s) firstOpen++;
      let clash = false;
      for (let j = firstOpen; j < taken.length && taken[j]!.start.getTime() < s + blockMs; j++) {
        if (taken[j]!.blockedUntil.getTime() > s) {
          clash = true;
          break;
        }
      }
      if (clash) continue;
      const local = clock(s);
      byDate.get(local.date)?.slots.push({
        startsAt: start.toISOString(),
        endsAt: new Date(s + rules.sessionMinutes * 60_000).toISOString(),
        time: local.time,
      });
    }
  }
  return { timeZone: q.zone, counsellorTimeZone: rules.timeZone, days };
}

/** Today's date in a zone (`YYYY-MM-DD`). */
export function todayIn(zone: string, now: Date): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}

/** Whether the counsellor offers a session starting exactly at `start` and it may be booked now. */
export function isOffered(rules: SlotRules, start: Date, now: Date): boolean {
  const { earliest, latest } = bookableRange(rules, now);
  if (start < earliest || start >= latest) return false;
  const ms = start.getTime();
  return offeredStarts(rules, new Date(ms), new Date(ms + 1)).some((d) => d.getTime() === ms);
}
