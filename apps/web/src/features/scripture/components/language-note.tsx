import { useTranslation } from 'react-i18next';
import type { TextLanguage } from '@candeia/shared/schemas/scripture';
import { Badge } from '../../../components/ui/badge.tsx';
import { interfaceLanguage } from '../lib/texts.ts';

/** The text's language as a badge, and "Texto em inglês" when it differs from the interface's. */
export function LanguageNote({ language, showBadge = true }: { language: TextLanguage; showBadge?: boolean }) {
  const { t, i18n } = useTranslation('scripture');
  const other = interfaceLanguage(i18n.resolvedLanguage ?? i18n.language) !== language;
  return (
    <>
      {showBadge ? (
        <Badge tone="neutral">
          <abbr title={t(`languages.${language}`)} className="no-underline">
            {language.toUpperCase()}
          </abbr>
        </Badge>
      ) : null}
      {other ? <Badge tone="info">{t(`languageNote.${language}`)}</Badge> : null}
    </>
  );
}
