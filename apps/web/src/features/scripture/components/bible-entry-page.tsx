import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { usePosition } from '../api/get-position.ts';
import { readLastPlace } from '../lib/last-place.ts';
import { bibleTexts, pickDefaultBible } from '../lib/texts.ts';
import { LoadError } from './load-error.tsx';

/**
 * /bible opens where the user left off (the server's reading position, or this device's
 * when offline); a first visit opens the books of the Bible for the interface language.
 */
export default function BibleEntryPage() {
  const { t, i18n } = useTranslation('scripture');
  useDocumentTitle(t('bible.title'));
  const position = usePosition('bible');
  const catalogue = useCatalogue();
  const locale = i18n.resolvedLanguage ?? i18n.language;

  if (position.isPending) return <FullPageSpinner />;
  const installed = bibleTexts(catalogue.data);
  const place = position.data ?? (position.error ? readLastPlace('bible') : null);
  if (place && (!catalogue.data || installed.some((b) => b.id === place.textId)))
    return <Navigate replace to={paths.chapter('bible', place.textId, place.book, place.chapter)} />;

  if (catalogue.isPending) return <FullPageSpinner />;
  if (catalogue.error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('bible.title')}</h1>
        <LoadError className="mt-6" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      </div>
    );
  }
  const { text, missing } = pickDefaultBible(catalogue.data, locale);
  if (text) return <Navigate replace to={paths.text('bible', text.id)} state={{ missingDefault: missing }} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('bible.title')}</h1>
      <Alert variant="info" className="mt-6" title={t('bible.noneTitle')}>
        {t('bible.noneText')}{' '}
        <Link to={paths.scripture('books')} className="font-semibold underline underline-offset-4">
          {t('bible.toCatalogue')}
        </Link>
      </Alert>
    </div>
  );
}
