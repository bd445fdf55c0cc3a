/** A date and time in the reader's language, e.g. "12 de mar. de 2026, 14:05". */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A file size as KB or MB (numbers in the reader's language). */
export function fileSize(bytes: number, locale: string): { unit: 'kb' | 'mb'; value: string } {
  const mb = bytes >= 1024 * 1024;
  const n = mb ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1);
  return {
    unit: mb ? 'mb' : 'kb',
    value: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n),
  };
}
