import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useSession } from '../../lib/queries/session.ts';
import { BrandMark } from '../layout/brand-mark.tsx';

/** Any path that is not a screen. */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const session = useSession();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto flex min-h-[65vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <BrandMark className="h-16 w-16 opacity-90" />
      <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-brand-800">{t('notFound.code')}</p>
      <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-600">{t('notFound.text')}</p>
      <Link
        to={session.data ? paths.start() : paths.landing()}
        className={buttonClasses({ size: 'lg', className: 'mt-8' })}
      >
        {t('notFound.back')}
      </Link>
    </div>
  );
}
