import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useSessionUser, useSignedIn } from '../../../lib/queries/session.ts';
import { claimShare } from '../api/claim-share.ts';

function isWebUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Where the share sheet's post sends the page once the server has kept what came (decision 021). */
const KEPT = '/share?kept=1';

/**
 * Web Share Target. A share posted to the server (`/share?kept=1`, files and all) is claimed at
 * once when signed in, and the composer opens with it; signed out, it waits an hour for a sign-in
 * that comes back here. An older link with the text in the address (`/share?title&text&url`) is
 * shown as it is.
 */
export default function SharePage() {
  const [params] = useSearchParams();
  return params.get('kept') ? <KeptShare /> : <TextShare />;
}

function KeptShare() {
  const { t } = useTranslation(['pwa', 'common']);
  useDocumentTitle(t('share.title'));
  const { user, isPending } = useSessionUser();
  const navigate = useNavigate();
  const { apiMessage } = useMessages();
  const [failed, setFailed] = useState<{ gone: boolean; message: string } | null>(null);
  const claiming = useRef(false);

  useEffect(() => {
    if (!user || claiming.current) return;
    claiming.current = true;
    claimShare().then(
      (shared) => void navigate(paths.community(), { replace: true, state: { shared } }),
      (err: unknown) => setFailed({ gone: err instanceof ApiError && err.status === 404, message: apiMessage(err) }),
    );
  }, [user, navigate, apiMessage]);

  if (isPending || (user && !failed)) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
        <Spinner label={t('share.claiming')} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('share.title')}
      </h1>
      {failed ? (
        <>
          <p className="mt-4 text-lg leading-relaxed text-stone-700" role="alert">
            {failed.gone ? t('share.gone') : failed.message}
          </p>
          <div className="mt-6">
            <Link to={paths.community()} className={buttonClasses({ size: 'lg' })}>
              {t('share.toCommunity')}
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">{t('share.kept')}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.login({ next: KEPT })} className={buttonClasses({ size: 'lg' })}>
              {t('share.login')}
            </Link>
            <Link to={paths.signup({ next: KEPT })} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {t('share.signup')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

/** A share that came in the address (`/share?title&text&url`): shown as it is. */
function TextShare() {
  const { t } = useTranslation(['pwa', 'common']);
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  useDocumentTitle(t('share.title'));
  const title = params.get('title')?.trim() ?? '';
  const text = params.get('text')?.trim() ?? '';
  const url = params.get('url')?.trim() ?? '';
  const nothing = !title && !text && !url;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('share.title')}
      </h1>
      {nothing ? (
        <p className="mt-4 text-lg leading-relaxed text-stone-600">{t('share.empty')}</p>
      ) : (
        <>
          <p className="mt-4 text-lg text-stone-600">{t('share.intro')}</p>
          <dl className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
            {title ? (
              <div>
                <dt className="text-sm font-semibold uppercase tracking-wider text-stone-500">
                  {t('share.fieldTitle')}
                </dt>
                <dd className="mt-1 text-lg font-semibold text-stone-900">{title}</dd>
              </div>
            ) : null}
            {text ? (
              <div>
                <dt className="text-sm font-semibold uppercase tracking-wider text-stone-500">
                  {t('share.fieldText')}
                </dt>
                <dd className="mt-1 whitespace-pre-wrap break-words leading-relaxed text-stone-800">{text}</dd>
              </div>
            ) : null}
            {url ? (
              <div>
                <dt className="text-sm font-semibold uppercase tracking-wider text-stone-500">{t('share.fieldUrl')}</dt>
                <dd className="mt-1 break-all">
                  {isWebUrl(url) ? (
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-brand-800 underline underline-offset-4"
                    >
                      {url}
                    </a>
                  ) : (
                    <span className="text-stone-800">{url}</span>
                  )}
                </dd>
              </div>
            ) : null}
          </dl>
        </>
      )}
      <p className="mt-8 text-stone-700">{signedIn ? t('share.signedIn') : t('share.signedOut')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        {signedIn ? (
          <Link to={paths.start()} className={buttonClasses({ size: 'lg' })}>
            {t('share.start')}
          </Link>
        ) : (
          <>
            <Link to={paths.login()} className={buttonClasses({ size: 'lg' })}>
              {t('share.login')}
            </Link>
            <Link to={paths.signup()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {t('share.signup')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
