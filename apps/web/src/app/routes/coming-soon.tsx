import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useSession } from '../../lib/queries/session.ts';
import { BrandMark } from '../layout/brand-mark.tsx';

const FEATURES = new Set([
  'donations',
  'paymentTest',
  'checkoutSuccess',
  'chat',
  'community',
  'bible',
  'sacredBooks',
  'consultation',
  'referral',
  'avatar',
]);

/** A screen of the spec whose feature is still being prepared. */
export default function ComingSoon({ feature }: { feature: string }) {
  const { t } = useTranslation(['soon', 'common']);
  const session = useSession();
  const base = FEATURES.has(feature) ? `comingSoon.features.${feature}` : 'comingSoon.generic';
  useDocumentTitle(t(`${base}.title`));
  return (
    <div className="mx-auto flex min-h-[65vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <BrandMark className="h-16 w-16" />
      <p className="mt-6 rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">
        {t('comingSoon.badge')}
      </p>
      <h1 className="mt-4 font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
        {t(`${base}.title`)}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-600">{t(`${base}.text`)}</p>
      <Link
        to={session.data ? paths.start() : paths.landing()}
        className={buttonClasses({ size: 'lg', className: 'mt-8' })}
      >
        {t('comingSoon.back')}
      </Link>
    </div>
  );
}
