import { describe, expect, it } from 'vitest';
import type { AvailabilityDto } from '@candeia/shared/schemas/consultation';
import { availabilityToDraft, checkAvailability, draftToInput, type AvailabilityDraft } from './availability-form.ts';

const empty = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] };

const dto: AvailabilityDto = {
  weekly: {
    ...empty,
    1: [
      { start: '09:00', end: '12:00' },
      { start: '18:00', end: '24:00' },
    ],
    3: [{ start: '14:00', end: '17:00' }],
  },
  overrides: [
    { date: '2026-12-25', windows: [] },
    { date: '2026-12-08', windows: [{ start: '10:00', end: '11:00' }] },
  ],
};

describe('the availability editor', () => {
  it('maps the saved availability to the editor and back (24:00 shown as 00:00, a day off as a box)', () => {
    const draft = availabilityToDraft(dto);
    expect(draft.weekly[1].map((w) => [w.start, w.end])).toEqual([
      ['09:00', '12:00'],
      ['18:00', '00:00'],
    ]);
    expect(draft.overrides.map((o) => [o.date, o.off])).toEqual([
      ['2026-12-08', false],
      ['2026-12-25', true],
    ]);
    expect(draftToInput(draft)).toEqual({ ...dto, overrides: [dto.overrides[1], dto.overrides[0]] });
    expect(checkAvailability(draft).ok).toBe(true);
  });

  it('drops the windows of a date marked as a day off', () => {
    const draft = availabilityToDraft(dto);
    draft.overrides[0] = { ...draft.overrides[0]!, off: true };
    expect(draftToInput(draft).overrides[0]).toEqual({ date: '2026-12-08', windows: [] });
  });

  it('says at each window, day and date what is wrong', () => {
    const draft: AvailabilityDraft = availabilityToDraft(dto);
    draft.weekly[2] = [{ key: 'a', start: '', end: '10:00' }];
    draft.weekly[3] = [
      { key: 'b', start: '14:00', end: '17:00' },
      { key: 'c', start: '16:00', end: '18:00' },
    ];
    draft.weekly[4] = [{ key: 'd', start: '15:00', end: '11:00' }];
    draft.overrides.push({ key: 'e', date: '2026-12-25', off: true, windows: [] });
    const result = checkAvailability(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      'weekly.2.0.start': 'validation:consultation.time',
      'weekly.3': 'validation:consultation.overlap',
      'weekly.4.0.end': 'validation:consultation.range',
      'overrides.2.date': 'validation:consultation.date',
    });
  });
});
