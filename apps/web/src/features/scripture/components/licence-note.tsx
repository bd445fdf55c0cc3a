import { useTranslation } from 'react-i18next';
import type { TextDto } from '@candeia/shared/schemas/scripture';
import { licenceOf } from '../lib/licence.ts';

/** The text's licence and attribution, shown with every chapter (PRODUCT.md: sacred texts). */
export function LicenceNote({ text, className = '' }: { text: TextDto; className?: string }) {
  const { t } = useTranslation('scripture');
  const own = licenceOf(t, text);
  const by = [own.translator, text.year].filter(Boolean).join(', ');
  return (
    <div className={`border-t border-stone-200 pt-4 text-sm leading-6 text-stone-600 ${className}`}>
      <p>
        <span className="font-semibold text-stone-800">{text.title}</span>
        {by ? ` (${by})` : null}
        {' · '}
        {t('licence.label')}: {own.licence}
      </p>
      <p>{own.attribution}</p>
      {text.sourceUrl && /^https?:\/\//.test(text.sourceUrl) ? (
        <p>
          <a
            href={text.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {t('licence.source')}
            <span className="sr-only"> {t('licence.newTab')}</span>
          </a>
        </p>
      ) : null}
    </div>
  );
}
