/** Query keys of the scripture screens; everything under 'scripture' is cleared at sign-out. */
export const scriptureKeys = {
  all: ['scripture'] as const,
  catalogue: ['scripture', 'catalogue'] as const,
  books: (textId: string) => ['scripture', 'books', textId] as const,
  chapter: (textId: string, book: string, chapter: number) => ['scripture', 'chapter', textId, book, chapter] as const,
  annotations: ['scripture', 'annotations'] as const,
  favourites: ['scripture', 'favourites'] as const,
  notes: ['scripture', 'notes'] as const,
  search: ['scripture', 'search'] as const,
  position: ['scripture', 'position'] as const,
  themes: ['scripture', 'themes'] as const,
};

/** `?a=1&b=x` from the defined, non-empty values. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** Path segment, escaped. */
export const seg = (s: string | number) => encodeURIComponent(String(s));
