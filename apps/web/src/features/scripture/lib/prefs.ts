/** The reader's settings, kept on this device (localStorage), not on the server. */
export interface ReaderPrefs {
  /** Index into FONT_SIZES. */
  fontSize: number;
  verseNumbers: boolean;
  /** The second Bible of the parallel view, or null when it is off. */
  parallel: string | null;
}

export const FONT_SIZES = [
  { rem: 1, className: 'text-base' },
  { rem: 1.125, className: 'text-lg' },
  { rem: 1.25, className: 'text-xl' },
  { rem: 1.375, className: 'text-[1.375rem]' },
  { rem: 1.5, className: 'text-2xl' },
  { rem: 1.75, className: 'text-[1.75rem]' },
] as const;

export const DEFAULT_PREFS: ReaderPrefs = { fontSize: 1, verseNumbers: true, parallel: null };
export const PREFS_KEY = 'candeia:reader';

/** Parses stored settings; anything unreadable falls back to the defaults, field by field. */
export function parsePrefs(raw: string | null): ReaderPrefs {
  if (!raw) return DEFAULT_PREFS;
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof ReaderPrefs, unknown>>;
    const size = typeof v.fontSize === 'number' && Number.isInteger(v.fontSize) ? v.fontSize : DEFAULT_PREFS.fontSize;
    return {
      fontSize: Math.min(FONT_SIZES.length - 1, Math.max(0, size)),
      verseNumbers: typeof v.verseNumbers === 'boolean' ? v.verseNumbers : DEFAULT_PREFS.verseNumbers,
      parallel: typeof v.parallel === 'string' && /^[a-z0-9-]{1,64}$/.test(v.parallel) ? v.parallel : null,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

/** The last place read per area, kept on the device too, so /bible knows it while offline. */
export const LAST_PLACE_KEY = 'candeia:last-place';
