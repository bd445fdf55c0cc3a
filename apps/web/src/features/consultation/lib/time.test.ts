import { describe, expect, it } from 'vitest';
import type { BookingDto, SlotDayDto } from '@candeia/shared/schemas/consultation';
import {
  addDays,
  freeWithin,
  dayPart,
  formatDay,
  formatDeadline,
  formatWhen,
  refundDeadline,
  slotDays,
  splitBookings,
  todayIn,
} from './time.ts';

const slot = (date: string, time: string, utc: string) => ({
  startsAt: utc,
  endsAt: new Date(Date.parse(utc) + 50 * 60_000).toISOString(),
  time,
});

describe('the slots as the booking screen shows them', () => {
  it('leaves out days with no free slot and groups the rest by part of the day, in time order', () => {
    const days: SlotDayDto[] = [
      { date: '2026-12-01', slots: [] },
      {
        date: '2026-12-02',
        slots: [
          slot('2026-12-02', '19:00', '2026-12-02T22:00:00.000Z'),
          slot('2026-12-02', '09:00', '2026-12-02T12:00:00.000Z'),
          slot('2026-12-02', '09:15', '2026-12-02T12:15:00.000Z'),
          slot('2026-12-02', '14:30', '2026-12-02T17:30:00.000Z'),
        ],
      },
    ];
    const view = slotDays(days);
    expect(view).toHaveLength(1);
    expect(view[0]!.date).toBe('2026-12-02');
    expect(view[0]!.count).toBe(4);
    expect(view[0]!.groups.map((g) => [g.part, g.slots.map((s) => s.time)])).toEqual([
      ['morning', ['09:00', '09:15']],
      ['afternoon', ['14:30']],
      ['evening', ['19:00']],
    ]);
  });

  it('names the part of the day by the local time: morning before noon, evening from 18:00', () => {
    expect(dayPart('00:00')).toBe('morning');
    expect(dayPart('11:45')).toBe('morning');
    expect(dayPart('12:00')).toBe('afternoon');
    expect(dayPart('17:59')).toBe('afternoon');
    expect(dayPart('18:00')).toBe('evening');
  });

  it('keeps a local day the same whatever the zone it is drawn in', () => {
    expect(formatDay('2026-12-01', 'pt-BR')).toBe('terça-feira, 1 de dezembro');
    expect(formatDay('2026-12-01', 'en-US')).toBe('Tuesday, December 1');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('tells today in a zone, not in UTC', () => {
    const lateEvening = new Date('2026-12-02T02:30:00Z'); // 23:30 on the 1st in São Paulo
    expect(todayIn('America/Sao_Paulo', lateEvening)).toBe('2026-12-01');
    expect(todayIn('Europe/Madrid', lateEvening)).toBe('2026-12-02');
  });
});

describe('the refund rule', () => {
  it('is the start less the counsellor cutoff, written DD/MM HH:mm in the member zone', () => {
    const deadline = refundDeadline('2026-12-02T17:00:00.000Z', 24);
    expect(deadline).toBe('2026-12-01T17:00:00.000Z');
    expect(formatDeadline(deadline, 'pt-BR', 'America/Sao_Paulo')).toBe('01/12 14:00');
    expect(formatDeadline(deadline, 'es-ES', 'Europe/Madrid')).toBe('01/12 18:00');
    expect(formatDeadline(deadline, 'en-US', 'America/New_York')).toBe('12/01 12:00');
  });

  it('writes a session time with the weekday, in the member zone', () => {
    expect(formatWhen('2026-12-02T17:00:00.000Z', 'pt-BR', 'America/Sao_Paulo')).toMatch(
      /^qua\.?, 2 de dez\.?,? 14:00$/,
    );
  });
});

const booking = (id: string, status: BookingDto['status'], startsAt: string): BookingDto =>
  ({ id, status, startsAt, endsAt: new Date(Date.parse(startsAt) + 3_000_000).toISOString() }) as BookingDto;

describe('the bookings split for the screens', () => {
  it('puts booked sessions not yet ended first, soonest first, and the rest latest first', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    const { upcoming, past } = splitBookings(
      [
        booking('later', 'booked', '2026-12-05T12:00:00Z'),
        booking('soon', 'booked', '2026-12-02T12:00:00Z'),
        booking('under-way', 'booked', '2026-12-01T11:30:00Z'),
        booking('done', 'completed', '2026-11-20T12:00:00Z'),
        booking('cancelled', 'cancelled', '2026-12-03T12:00:00Z'),
        booking('unmarked', 'booked', '2026-11-25T12:00:00Z'),
      ],
      now,
    );
    expect(upcoming.map((b) => b.id)).toEqual(['under-way', 'soon', 'later']);
    expect(past.map((b) => b.id)).toEqual(['cancelled', 'unmarked', 'done']);
  });
});

describe('freeWithin', () => {
  const now = Date.parse('2027-01-04T12:00:00Z');
  const list = [
    { id: 'a', nextSlot: '2027-01-09T12:00:00Z' },
    { id: 'b', nextSlot: null },
    { id: 'c', nextSlot: '2027-01-04T18:00:00Z' },
    { id: 'd', nextSlot: '2027-01-06T12:00:00Z' },
  ];
  it('keeps every counsellor, in the given order, without a limit', () => {
    expect(freeWithin(list, null, now).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('keeps those free within the days, soonest first; none without a free slot', () => {
    expect(freeWithin(list, 1, now).map((c) => c.id)).toEqual(['c']);
    expect(freeWithin(list, 3, now).map((c) => c.id)).toEqual(['c', 'd']);
    expect(freeWithin(list, 7, now).map((c) => c.id)).toEqual(['c', 'd', 'a']);
  });
});
