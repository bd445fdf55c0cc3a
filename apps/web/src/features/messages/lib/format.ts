/** The day of an instant in the reader's zone, as YYYY-MM-DD (to group a thread's messages by day). */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** "Hoje", "Ontem", or "terça-feira, 3 de março": the heading of a day in a thread. */
export function dayLabel(
  iso: string,
  locale: string,
  words: { today: string; yesterday: string },
  now = new Date(),
): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return words.yesterday;
  const sameYear = new Date(iso).getFullYear() === now.getFullYear();
  const text = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(new Date(iso));
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "14:05" (or "2:05 PM"), in the reader's way. */
export function clock(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "Ana Souza" → "AS"; one name → its first letter. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toLocaleUpperCase();
}

/** A key of the client for one message, the same on every retry of it. */
export function newClientKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
