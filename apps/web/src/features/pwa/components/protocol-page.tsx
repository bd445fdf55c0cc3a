import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

const SAFE_PATH = /^[A-Za-z0-9._~\-/]*$/;

/**
 * The in-app path named by a web+candeia: link (web+candeia://bible, web+candeia:/start,
 * web+candeia:consultation/history?x=1), or null when the link is not ours or not a path.
 */
export function internalPath(raw: string | null): string | null {
  const m = raw ? /^web\+candeia:(.*)$/is.exec(raw.trim()) : null;
  if (!m) return null;
  const [, path = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(m[1]!.replace(/^\/+/, ''))!;
  if (!SAFE_PATH.test(path) || path.split('/').some((seg) => seg === '.' || seg === '..')) return null;
  return `/${path}${rest}`;
}

/** /protocol?url=web+candeia:...: opens the screen the link names. */
export default function ProtocolPage() {
  const { t } = useTranslation(['pwa', 'common']);
  useDocumentTitle(t('protocol.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('url');
  const target = internalPath(raw);

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (target) return <Spinner label={t('protocol.opening')} className="min-h-[50vh]" />;
  return (
    <div className="mx-auto flex min-h-[55vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('protocol.title')}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-600">{raw ? t('protocol.invalid') : t('protocol.none')}</p>
      {raw ? (
        <p className="mt-3 max-w-full break-all rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm text-stone-700">
          {t('protocol.received', { url: raw })}
        </p>
      ) : null}
      <Link to={paths.landing()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        {t('protocol.back')}
      </Link>
    </div>
  );
}
