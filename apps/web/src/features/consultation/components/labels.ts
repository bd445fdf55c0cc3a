import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SPECIALTIES } from '@candeia/shared/schemas/consultation';

const SUGGESTED = new Set<string>(SPECIALTIES);

/** How the screens name a language (pt-BR → Português) and a specialty (a suggested key, or the counsellor's own words). */
export function useLabels() {
  const { t } = useTranslation('consultation');
  const language = useCallback((l: string) => t(`language.${l}`, { defaultValue: l }), [t]);
  const specialty = useCallback((s: string) => (SUGGESTED.has(s) ? t(`specialty.${s}`) : s), [t]);
  return { language, specialty };
}

/** The reader's locale, as i18next resolved it. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}
