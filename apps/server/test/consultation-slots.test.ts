import { describe, expect, it } from 'vitest';
import type { AvailabilityDto } from '@candeia/shared/schemas/consultation';
import { freeSlots, isOffered, offeredStarts, type SlotRules } from '../src/modules/consultations/slots.ts';

const weekdays = (windows: AvailabilityDto['weekly'][1]): AvailabilityDto['weekly'] => ({
  1: windows,
  2: windows,
  3: windows,
  4: windows,
  5: windows,
  6: [],
  7: [],
});

/** A counsellor in São Paulo (no daylight saving since 2019), 09:00–12:00 on weekdays. */
const saoPaulo: SlotRules = {
  timeZone: 'America/Sao_Paulo',
  sessionMinutes: 50,
  bufferMinutes: 10,
  minNoticeMinutes: 0,
  horizonDays: 365,
  availability: { weekly: weekdays([{ start: '09:00', end: '12:00' }]), overrides: [] },
};

const times = (dto: ReturnType<typeof freeSlots>, date: string) =>
  dto.days.find((d) => d.date === date)?.slots.map((s) => s.time);

describe('free slots across daylight-saving changes', () => {
  it('Madrid, spring forward (Sunday 2027-03-28): 13:00 before, 14:00 after, same instants in São Paulo', () => {
    const now = new Date('2027-03-20T00:00:00Z');
    const dto = freeSlots(saoPaulo, [], { zone: 'Europe/Madrid', from: '2027-03-25', days: 7, now });
    expect(dto.timeZone).toBe('Europe/Madrid');
    expect(dto.days.map((d) => d.date)).toEqual([
      '2027-03-25',
      '2027-03-26',
      '2027-03-27',
      '2027-03-28',
      '2027-03-29',
      '2027-03-30',
      '2027-03-31',
    ]);
    // Thursday and Friday before the change: Madrid is UTC+1, São Paulo UTC-3.
    expect(times(dto, '2027-03-25')).toEqual(['13:00', '14:00', '15:00']);
    expect(times(dto, '2027-03-26')).toEqual(['13:00', '14:00', '15:00']);
    // The weekend: nothing.
    expect(times(dto, '2027-03-27')).toEqual([]);
    expect(times(dto, '2027-03-28')).toEqual([]);
    // Monday after: Madrid is UTC+2.
    expect(times(dto, '2027-03-29')).toEqual(['14:00', '15:00', '16:00']);
    const monday = dto.days.find((d) => d.date === '2027-03-29')!.slots[0]!;
    expect(monday.startsAt).toBe('2027-03-29T12:00:00.000Z');
    expect(monday.endsAt).toBe('2027-03-29T12:50:00.000Z');
  });

  it('Madrid, fall back (Sunday 2027-10-31): 14:00 before, 13:00 after', () => {
    const now = new Date('2027-10-01T00:00:00Z');
    const dto = freeSlots(saoPaulo, [], { zone: 'Europe/Madrid', from: '2027-10-29', days: 4, now });
    expect(times(dto, '2027-10-29')).toEqual(['14:00', '15:00', '16:00']);
    expect(times(dto, '2027-11-01')).toEqual(['13:00', '14:00', '15:00']);
  });

  it('New York, spring forward (Sunday 2027-03-14), a week before Madrid changes', () => {
    const now = new Date('2027-03-01T00:00:00Z');
    const dto = freeSlots(saoPaulo, [], { zone: 'America/New_York', from: '2027-03-12', days: 4, now });
    // Friday: New York UTC-5, two hours behind São Paulo; Monday: UTC-4, one hour behind.
    expect(times(dto, '2027-03-12')).toEqual(['07:00', '08:00', '09:00']);
    expect(times(dto, '2027-03-15')).toEqual(['08:00', '09:00', '10:00']);
    // The instants themselves do not move: 09:00 in São Paulo is 12:00 UTC on both days.
    expect(dto.days[0]!.slots[0]!.startsAt).toBe('2027-03-12T12:00:00.000Z');
    expect(dto.days[3]!.slots[0]!.startsAt).toBe('2027-03-15T12:00:00.000Z');
  });

  it('New York, fall back (Sunday 2027-11-07)', () => {
    const now = new Date('2027-11-01T00:00:00Z');
    const dto = freeSlots(saoPaulo, [], { zone: 'America/New_York', from: '2027-11-05', days: 4, now });
    expect(times(dto, '2027-11-05')).toEqual(['08:00', '09:00', '10:00']);
    expect(times(dto, '2027-11-08')).toEqual(['07:00', '08:00', '09:00']);
  });

  it('a late window crosses midnight for a member far east: the slots land on the next local day', () => {
    const evening: SlotRules = {
      ...saoPaulo,
      availability: { weekly: weekdays([{ start: '20:00', end: '23:00' }]), overrides: [] },
    };
    const now = new Date('2027-01-01T00:00:00Z');
    const dto = freeSlots(evening, [], { zone: 'Europe/Madrid', from: '2027-01-04', days: 3, now });
    // Monday 20:00 in São Paulo (UTC-3) is Tuesday 00:00 in Madrid (UTC+1).
    expect(times(dto, '2027-01-04')).toEqual([]);
    expect(times(dto, '2027-01-05')).toEqual(['00:00', '01:00', '02:00']);
  });

  it("a counsellor in Madrid: the wall clock is kept on the day the counsellor's own clock changes", () => {
    const madrid: SlotRules = {
      ...saoPaulo,
      timeZone: 'Europe/Madrid',
      availability: {
        weekly: { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [{ start: '01:00', end: '04:00' }] },
        overrides: [],
      },
    };
    const starts = offeredStarts(madrid, new Date('2027-03-27T00:00:00Z'), new Date('2027-03-29T00:00:00Z'));
    // 02:00–03:00 does not exist on 2027-03-28 in Madrid: 01:00 (UTC+1) is kept; a session whose
    // wall-clock hour is skipped is moved on by the library, and none is offered twice.
    expect(starts.map((d) => d.toISOString())).toContain('2027-03-28T00:00:00.000Z');
    expect(new Set(starts.map((d) => d.getTime())).size).toBe(starts.length);
    for (const s of starts) expect(s.getTime() % 60_000).toBe(0);
  });
});

describe('the day a clock changes, on either side', () => {
  const everyDay = (w: AvailabilityDto['weekly'][1]) => ({ 1: w, 2: w, 3: w, 4: w, 5: w, 6: w, 7: w });

  it('a member in Madrid on the Sunday it springs forward sees the new offset the same day', () => {
    const rules: SlotRules = {
      ...saoPaulo,
      availability: { weekly: everyDay([{ start: '09:00', end: '10:00' }]), overrides: [] },
    };
    const now = new Date('2027-03-20T00:00:00Z');
    const dto = freeSlots(rules, [], { zone: 'Europe/Madrid', from: '2027-03-27', days: 2, now });
    // 09:00 in São Paulo is 12:00 UTC: 13:00 in Madrid on Saturday, 14:00 on Sunday (after 03:00).
    expect(times(dto, '2027-03-27')).toEqual(['13:00']);
    expect(times(dto, '2027-03-28')).toEqual(['14:00']);
  });

  it('a counsellor in New York on the Sunday their clock springs forward: 09:00 is 13:00 UTC, not 14:00', () => {
    const rules: SlotRules = {
      ...saoPaulo,
      timeZone: 'America/New_York',
      availability: { weekly: everyDay([{ start: '09:00', end: '11:00' }]), overrides: [] },
    };
    const starts = offeredStarts(rules, new Date('2027-03-13T00:00:00Z'), new Date('2027-03-15T00:00:00Z'));
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2027-03-13T14:00:00.000Z',
      '2027-03-13T15:00:00.000Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-14T14:00:00.000Z',
    ]);
  });
});

describe('free slots: rules', () => {
  const monday = '2027-01-04';
  const now = new Date('2027-01-04T10:30:00Z'); // 07:30 in São Paulo

  it('minimum notice hides what starts too soon', () => {
    const rules = { ...saoPaulo, minNoticeMinutes: 150 }; // not before 10:00 local
    const dto = freeSlots(rules, [], { zone: 'America/Sao_Paulo', from: monday, days: 1, now });
    expect(times(dto, monday)).toEqual(['10:00', '11:00']);
  });

  it('the horizon hides what is too far ahead', () => {
    const rules = { ...saoPaulo, horizonDays: 2 };
    const dto = freeSlots(rules, [], { zone: 'America/Sao_Paulo', from: monday, days: 5, now });
    expect(times(dto, '2027-01-05')).toHaveLength(3);
    // Now + 2 days is Wednesday 07:30: nothing that day starts before it.
    expect(times(dto, '2027-01-06')).toEqual([]);
  });

  it('booked time and its buffer are not offered', () => {
    const busy = [{ start: new Date('2027-01-05T13:00:00Z'), blockedUntil: new Date('2027-01-05T14:00:00Z') }];
    const dto = freeSlots(saoPaulo, busy, { zone: 'America/Sao_Paulo', from: '2027-01-05', days: 1, now });
    expect(times(dto, '2027-01-05')).toEqual(['09:00', '11:00']);
    // A booking ending at 09:55 with its buffer (to 10:05) also takes the 09:00 slot's neighbour.
    const early = [{ start: new Date('2027-01-05T12:05:00Z'), blockedUntil: new Date('2027-01-05T13:05:00Z') }];
    const dto2 = freeSlots(saoPaulo, early, { zone: 'America/Sao_Paulo', from: '2027-01-05', days: 1, now });
    expect(times(dto2, '2027-01-05')).toEqual(['11:00']);
  });

  it('a date override replaces the weekday, and an empty one is a day off', () => {
    const rules: SlotRules = {
      ...saoPaulo,
      availability: {
        weekly: saoPaulo.availability.weekly,
        overrides: [
          { date: '2027-01-05', windows: [] },
          { date: '2027-01-09', windows: [{ start: '15:00', end: '16:00' }] },
        ],
      },
    };
    const dto = freeSlots(rules, [], { zone: 'America/Sao_Paulo', from: '2027-01-05', days: 5, now });
    expect(times(dto, '2027-01-05')).toEqual([]);
    expect(times(dto, '2027-01-06')).toHaveLength(3);
    expect(times(dto, '2027-01-09')).toEqual(['15:00']);
  });

  it('isOffered accepts exactly the offered starts', () => {
    expect(isOffered(saoPaulo, new Date('2027-01-05T12:00:00Z'), now)).toBe(true);
    expect(isOffered(saoPaulo, new Date('2027-01-05T12:15:00Z'), now)).toBe(false);
    expect(isOffered(saoPaulo, new Date('2027-01-09T12:00:00Z'), now)).toBe(false); // Saturday
    expect(isOffered(saoPaulo, new Date('2027-01-04T10:00:00Z'), now)).toBe(false); // past
  });
});
