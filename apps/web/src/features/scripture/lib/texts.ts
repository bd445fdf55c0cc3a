import {
  DEFAULT_BIBLE_BY_LOCALE,
  type CatalogueDto,
  type TextDto,
  type TextLanguage,
} from '@candeia/shared/schemas/scripture';

/** The language of the interface as a text language: pt-BR → pt. */
export function interfaceLanguage(locale: string): TextLanguage {
  const base = locale.slice(0, 2).toLowerCase();
  return base === 'en' || base === 'es' ? base : 'pt';
}

export function bibleTexts(catalogue: CatalogueDto | undefined): TextDto[] {
  return catalogue?.books.find((b) => b.key === 'bible')?.texts ?? [];
}

export function allTexts(catalogue: CatalogueDto | undefined): TextDto[] {
  return catalogue?.books.flatMap((b) => b.texts) ?? [];
}

export function findText(catalogue: CatalogueDto | undefined, id: string | undefined): TextDto | undefined {
  return id ? allTexts(catalogue).find((t) => t.id === id) : undefined;
}

/**
 * The Bible to open for this interface language (Bíblia Livre, King James, Reina-Valera 1909).
 * When that one is not installed: an installed Bible in the same language, else the first one;
 * `missing` then names the default that was asked for, so the screen can say so.
 */
export function pickDefaultBible(
  catalogue: CatalogueDto | undefined,
  locale: string,
): { text: TextDto | null; missing: string | null } {
  const bibles = bibleTexts(catalogue);
  const wanted =
    DEFAULT_BIBLE_BY_LOCALE[locale as keyof typeof DEFAULT_BIBLE_BY_LOCALE] ?? DEFAULT_BIBLE_BY_LOCALE['pt-BR'];
  const exact = bibles.find((t) => t.id === wanted);
  if (exact) return { text: exact, missing: null };
  const lang = interfaceLanguage(locale);
  const text = bibles.find((t) => t.language === lang) ?? bibles[0] ?? null;
  return { text, missing: wanted };
}
