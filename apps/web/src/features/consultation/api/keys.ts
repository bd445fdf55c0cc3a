/** Query keys of the consultation screens; everything under 'consultation' is cleared at sign-out. */
export const consultationKeys = {
  all: ['consultation'] as const,
  counsellors: ['consultation', 'counsellors'] as const,
  counsellorList: (filters: { language?: string; specialty?: string; tz: string }) =>
    ['consultation', 'counsellors', 'list', filters] as const,
  counsellor: (id: string) => ['consultation', 'counsellors', 'one', id] as const,
  slots: ['consultation', 'slots'] as const,
  slotsOf: (q: { counsellorId: string; from: string; days: number; tz: string; excluding?: string }) =>
    ['consultation', 'slots', q] as const,
  bookings: ['consultation', 'bookings'] as const,
  bookingList: (as: 'member' | 'counsellor', when: 'upcoming' | 'past' | 'all') =>
    ['consultation', 'bookings', 'list', as, when] as const,
  booking: (id: string) => ['consultation', 'bookings', 'one', id] as const,
  me: ['consultation', 'me'] as const,
};

export const seg = (s: string) => encodeURIComponent(s);

/** `?a=1&b=2` of the values given; empty ones left out. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
