import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { accountOf, useSession } from '../../../lib/queries/session.ts';
import { useMyCounsellor } from '../api/get-my-counsellor.ts';
import { browserTimeZone } from '../lib/time.ts';
import { AvailabilityEditor } from './availability-editor.tsx';
import { CounsellorSessions } from './counsellor-sessions.tsx';
import { PhotoField } from './photo-field.tsx';
import { ProfileForm } from './profile-form.tsx';

/**
 * /consultation/counsellor: a counsellor's own screen, whatever their plan: the sessions booked
 * with them (notes, outcome, cancel), their profile and booking rules, and their availability.
 */
export default function CounsellorPage() {
  const { t } = useTranslation('consultation');
  const { apiMessage } = useMessages();
  useDocumentTitle(t('counsellor.title'));
  const me = useMyCounsellor();
  const session = useSession();
  const user = accountOf(session.data?.user);

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('counsellor.title')}
      </h1>
      {me.isPending ? (
        <Spinner />
      ) : me.isError ? (
        me.error instanceof ApiError && me.error.code === 'NOT_A_COUNSELLOR' ? (
          <Alert variant="info" className="mt-6" title={t('counsellor.notOne')}>
            {t('counsellor.notOneText')}
            <div className="mt-3">
              <Link to={paths.consultation()} className={buttonClasses({ size: 'sm' })}>
                {t('counsellor.toConsultations')}
              </Link>
            </div>
          </Alert>
        ) : (
          <Alert variant="error" className="mt-6" title={t('errors.load')}>
            {apiMessage(me.error)}
            <div className="mt-3">
              <Button size="sm" variant="outline" onClick={() => void me.refetch()}>
                {t('errors.retry')}
              </Button>
            </div>
          </Alert>
        )
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-stone-600">{t('counsellor.lead')}</p>
            {me.data.profile?.listed ? (
              <Badge tone="success">{t('counsellor.listed')}</Badge>
            ) : (
              <Badge tone="warning">{t('counsellor.unlisted')}</Badge>
            )}
          </div>
          {me.data.profile?.listed ? null : (
            <Alert variant="info" className="mt-4" title={t('counsellor.unlistedTitle')}>
              {t('counsellor.unlistedText')}
            </Alert>
          )}
          <nav aria-label={t('counsellor.sections')} className="mt-5 flex flex-wrap gap-2">
            {(['sessions', 'profile', 'availability'] as const).map((s) => (
              <a key={s} href={`#${s}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                {t(`counsellor.nav.${s}`)}
              </a>
            ))}
          </nav>
          <section id="sessions" aria-labelledby="sessions-title" className="mt-8 scroll-mt-20">
            <h2 id="sessions-title" className="font-serif text-2xl font-semibold text-stone-900">
              {t('counsellor.nav.sessions')}
            </h2>
            <div className="mt-4">
              <CounsellorSessions />
            </div>
          </section>
          <section id="profile" aria-labelledby="profile-title" className="mt-10 scroll-mt-20">
            <h2 id="profile-title" className="font-serif text-2xl font-semibold text-stone-900">
              {t('counsellor.nav.profile')}
            </h2>
            {me.data.profile && (
              <div className="mt-4">
                <PhotoField profile={me.data.profile} />
              </div>
            )}
            <div className="mt-4">
              <ProfileForm
                profile={me.data.profile}
                defaultName={user ? `${user.firstName} ${user.lastName}`.trim() : ''}
                defaultLanguage={user?.locale ?? 'pt-BR'}
              />
            </div>
          </section>
          <section id="availability" aria-labelledby="availability-title" className="mt-10 scroll-mt-20">
            <h2 id="availability-title" className="font-serif text-2xl font-semibold text-stone-900">
              {t('counsellor.nav.availability')}
            </h2>
            <div className="mt-4">
              <AvailabilityEditor
                availability={me.data.availability}
                zone={me.data.profile?.timeZone ?? browserTimeZone()}
              />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
