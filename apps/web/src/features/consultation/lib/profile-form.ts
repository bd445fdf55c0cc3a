import {
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_CANCEL_CUTOFF_HOURS,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_MIN_NOTICE_MINUTES,
  DEFAULT_SESSION_MINUTES,
  DEFAULT_SESSION_PRICE,
  counsellorProfileSchema,
  type CounsellorProfileInput,
  type CounsellorSelfDto,
} from '@candeia/shared/schemas/consultation';

/**
 * The counsellor's profile form: what the inputs hold (numbers as typed, the minimum notice in
 * hours), how it maps to the shared schema's input, and the schema's messages back to the fields.
 */
export interface ProfileFormValues {
  displayName: string;
  bio: string;
  languages: string[];
  specialties: string[];
  sessionMinutes: string;
  priceCredits: string;
  timeZone: string;
  bufferMinutes: string;
  /** The minimum notice, in hours (the API counts minutes). */
  minNoticeHours: string;
  horizonDays: string;
  cancelCutoffHours: string;
  accepting: boolean;
}

export type ProfileField = keyof ProfileFormValues;

const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/**
 * The form's starting values: the saved profile, or the defaults (the browser's zone, the given
 * name and language). A profile never filled in (an administrator just made the counsellor: no
 * language, no specialty) takes the browser's zone and the member's language too.
 */
export function profileToForm(
  profile: CounsellorSelfDto | null,
  defaults: { timeZone: string; displayName?: string; language?: string },
): ProfileFormValues {
  if (!profile)
    return {
      displayName: defaults.displayName ?? '',
      bio: '',
      languages: defaults.language ? [defaults.language] : [],
      specialties: [],
      sessionMinutes: String(DEFAULT_SESSION_MINUTES),
      priceCredits: String(DEFAULT_SESSION_PRICE),
      timeZone: defaults.timeZone,
      bufferMinutes: String(DEFAULT_BUFFER_MINUTES),
      minNoticeHours: hours(DEFAULT_MIN_NOTICE_MINUTES),
      horizonDays: String(DEFAULT_HORIZON_DAYS),
      cancelCutoffHours: String(DEFAULT_CANCEL_CUTOFF_HOURS),
      accepting: true,
    };
  const fresh = profile.languages.length === 0 && profile.specialties.length === 0;
  return {
    displayName: profile.displayName || (defaults.displayName ?? ''),
    bio: profile.bio,
    languages: fresh && defaults.language ? [defaults.language] : [...profile.languages],
    specialties: [...profile.specialties],
    sessionMinutes: String(profile.sessionMinutes),
    priceCredits: String(profile.priceCredits),
    timeZone: fresh ? defaults.timeZone : profile.timeZone,
    bufferMinutes: String(profile.bufferMinutes),
    minNoticeHours: hours(profile.minNoticeMinutes),
    horizonDays: String(profile.horizonDays),
    cancelCutoffHours: String(profile.cancelCutoffHours),
    accepting: profile.accepting,
  };
}

/** A typed number: empty is missing, anything else as JavaScript reads it (decimal comma allowed). */
function num(typed: string): number | undefined {
  const s = typed.trim().replace(',', '.');
  return s === '' ? undefined : Number(s);
}

/** The form's values as the API takes them (unchecked: the schema says what is wrong). */
export function formToProfileInput(values: ProfileFormValues): CounsellorProfileInput {
  const notice = num(values.minNoticeHours);
  return {
    displayName: values.displayName,
    bio: values.bio,
    languages: values.languages as CounsellorProfileInput['languages'],
    specialties: values.specialties,
    sessionMinutes: num(values.sessionMinutes) as CounsellorProfileInput['sessionMinutes'],
    priceCredits: num(values.priceCredits) as number,
    timeZone: values.timeZone,
    bufferMinutes: num(values.bufferMinutes) as number,
    minNoticeMinutes: (notice === undefined ? undefined : Math.round(notice * 60)) as number,
    horizonDays: num(values.horizonDays) as number,
    cancelCutoffHours: num(values.cancelCutoffHours) as number,
    accepting: values.accepting,
  };
}

/** The API's field of the profile → the form's field that shows its message. */
const FIELD_OF: Record<string, ProfileField> = {
  displayName: 'displayName',
  bio: 'bio',
  languages: 'languages',
  specialties: 'specialties',
  sessionMinutes: 'sessionMinutes',
  priceCredits: 'priceCredits',
  timeZone: 'timeZone',
  bufferMinutes: 'bufferMinutes',
  minNoticeMinutes: 'minNoticeHours',
  horizonDays: 'horizonDays',
  cancelCutoffHours: 'cancelCutoffHours',
  accepting: 'accepting',
};

/** The form field a message of the API (or the schema) belongs to, by the API's field name or path. */
export function profileFieldOf(apiField: string): ProfileField | undefined {
  return FIELD_OF[apiField.split('.')[0]!];
}

export type ProfileCheck =
  | { ok: true; data: ReturnType<typeof counsellorProfileSchema.parse> }
  | { ok: false; errors: Partial<Record<ProfileField, string>> };

/** Checks the form with the shared schema: the API's input, or the first message of each field. */
export function checkProfile(values: ProfileFormValues): ProfileCheck {
  const parsed = counsellorProfileSchema.safeParse(formToProfileInput(values));
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = profileFieldOf(issue.path.map(String).join('.'));
    if (field) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
