import type { TFunction } from 'i18next';
import type { TextDto } from '@candeia/shared/schemas/scripture';

/** How the texts installed with Candeia name "public domain" in the database (their own words). */
const PUBLIC_DOMAIN = 'Public domain';

/**
 * A text's translator, licence and attribution in the reader's language: the catalogue's texts
 * (kjv, porblivre…) are translated in `scripture:licence.texts.<id>`; any other text shows
 * what its module says, with "Public domain" translated.
 */
export function licenceOf(
  t: TFunction<'scripture'>,
  text: Pick<TextDto, 'id' | 'translator' | 'licence' | 'attribution'>,
) {
  const own = (field: 'translator' | 'licence' | 'attribution', fallback: string | null) =>
    fallback === null ? null : t(`scripture:licence.texts.${text.id}.${field}`, { defaultValue: fallback });
  const licence = text.licence === PUBLIC_DOMAIN ? t('scripture:licence.publicDomain') : own('licence', text.licence);
  return {
    translator: own('translator', text.translator),
    licence: licence ?? text.licence,
    attribution: own('attribution', text.attribution) ?? text.attribution,
  };
}
