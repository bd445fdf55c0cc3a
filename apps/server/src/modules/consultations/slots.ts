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
    for (const w of windowsOn(rules.availability, day)) {
      const start = minutesOf(w.start);
      const end = minutesOf(w.end);
      for (let m = start; m + rules.sessionMinutes <= end; m += step) {
        const begin = at(day, m);
        const finish = at(day, m + rules.sessionMinutes);
        // A window cut by a clock change keeps only sessions that fit in real time.
        if (finish.diff(begin, 'minutes').minutes !== rules.sessionMinutes) continue;
        const ms = begin.toMillis();
        if (ms < from.getTime() || ms >= to.getTime() || seen.has(ms)) continue;
        seen.add(ms);
        out.push(begin.toJSDate());
      }
    }
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
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
    for (const start of offeredStarts(rules, from, to)) {
      if (overlapsBusy(rules, start, busy)) continue;
      const local = DateTime.fromJSDate(start, { zone: q.zone });
      byDate.get(local.toISODate()!)?.slots.push({
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + rules.sessionMinutes * 60_000).toISOString(),
        time: local.toFormat('HH:mm'),
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
