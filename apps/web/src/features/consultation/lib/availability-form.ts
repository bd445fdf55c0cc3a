import {
  KV,
  availabilitySchema,
  type AvailabilityDto,
  type AvailabilityInput,
} from '@candeia/shared/schemas/consultation';

/**
 * The availability editor's state: the windows of each weekday (1 Monday … 7 Sunday) and the
 * date overrides, each row with a key of its own for React. Time inputs cannot hold 24:00: an
 * end of 00:00 means the end of the day.
 */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface WindowDraft {
  key: string;
  start: string;
  end: string;
}

export interface OverrideDraft {
  key: string;
  date: string;
  /** A day off (no windows) rather than other hours. */
  off: boolean;
  windows: WindowDraft[];
}

export interface AvailabilityDraft {
  weekly: Record<Weekday, WindowDraft[]>;
  overrides: OverrideDraft[];
}

let seq = 0;
export const newKey = () => `w${++seq}`;

const toDraftWindow = (w: { start: string; end: string }): WindowDraft => ({
  key: newKey(),
  start: w.start,
  end: w.end === '24:00' ? '00:00' : w.end,
});

const toInputWindow = (w: WindowDraft) => ({
  start: w.start,
  end: w.end === '00:00' && w.start !== '00:00' ? '24:00' : w.end,
});

export function availabilityToDraft(dto: AvailabilityDto): AvailabilityDraft {
  const weekly = {} as Record<Weekday, WindowDraft[]>;
  for (const day of WEEKDAYS) weekly[day] = (dto.weekly[day] ?? []).map(toDraftWindow);
  return {
    weekly,
    overrides: [...dto.overrides]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((o) => ({
        key: newKey(),
        date: o.date,
        off: o.windows.length === 0,
        windows: o.windows.map(toDraftWindow),
      })),
  };
}

export function draftToInput(draft: AvailabilityDraft): AvailabilityInput {
  const weekly = {} as AvailabilityInput['weekly'];
  for (const day of WEEKDAYS) weekly[day] = draft.weekly[day].map(toInputWindow);
  return {
    weekly,
    overrides: draft.overrides.map((o) => ({ date: o.date, windows: o.off ? [] : o.windows.map(toInputWindow) })),
  };
}

/**
 * Where a message shows, by the editor's own paths: `weekly.3.0.start` (a window's time),
 * `weekly.3` (the day: overlapping or too many windows), `overrides.1.date`,
 * `overrides.1.windows.0.end`, `overrides.1` (that date's windows together).
 */
export type AvailabilityErrors = Record<string, string>;

export type AvailabilityCheck = { ok: true; data: AvailabilityDto } | { ok: false; errors: AvailabilityErrors };

export function checkAvailability(draft: AvailabilityDraft): AvailabilityCheck {
  const parsed = availabilitySchema.safeParse(draftToInput(draft));
  const errors: AvailabilityErrors = {};
  // The same date twice: said at each repeat's date, where it can be fixed.
  const seen = new Set<string>();
  draft.overrides.forEach((o, i) => {
    if (o.date && seen.has(o.date)) errors[`overrides.${i}.date`] ??= KV.date;
    seen.add(o.date);
  });
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = issue.path.map(String);
    // The duplicate-date check on the whole list is placed per date above.
    if (path.length === 1 && path[0] === 'overrides') continue;
    errors[path.join('.')] ??= issue.message;
  }
  // "The end must be after the start" says nothing while the start is not a time.
  for (const key of Object.keys(errors))
    if (key.endsWith('.end') && errors[key] === KV.range && errors[`${key.slice(0, -4)}.start`]) delete errors[key];
  return { ok: false, errors };
}

/** The API's field names (`weekly.3.0.end`) are the editor's paths; anything else shows on the form. */
export function apiAvailabilityErrors(fields: Record<string, string>): AvailabilityErrors {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => /^(weekly|overrides)\./.test(k)));
}
