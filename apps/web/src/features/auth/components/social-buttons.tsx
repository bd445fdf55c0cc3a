import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { socialErrorOf, socialStartHref, useSocialProviders } from '../api/social.ts';

const REF_KEY = 'candeia.socialRef';

/** Keeps the referral code of /signup?ref= across the provider's round trip (this tab only). */
export function rememberSocialRef(code: string): void {
  try {
    if (code) sessionStorage.setItem(REF_KEY, code);
    else sessionStorage.removeItem(REF_KEY);
  } catch {
    /* storage refused: the code is typed again */
  }
}

export function rememberedSocialRef(): string {
  try {
    return sessionStorage.getItem(REF_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetSocialRef(): void {
  try {
    sessionStorage.removeItem(REF_KEY);
  } catch {
    /* nothing kept */
  }
}

/**
 * A button per provider this server offers (GET /api/auth/providers): a plain link to the start
 * route, a full page navigation. Nothing at all when none is configured.
 */
export function SocialButtons({ mode, referralCode = '' }: { mode: 'login' | 'signup'; referralCode?: string }) {
  const { t } = useTranslation('auth');
  const providers = useSocialProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label={t(mode === 'login' ? 'social.loginGroup' : 'social.signupGroup')}>
        {providers.map((p) => (
          <li key={p.id}>
            <a
              href={socialStartHref(p.id)}
              className={buttonClasses({ variant: 'outline', size: 'lg', block: true })}
              onClick={mode === 'signup' ? () => rememberSocialRef(referralCode) : undefined}
            >
              {t(mode === 'login' ? 'social.signInWith' : 'social.signUpWith', { provider: p.name })}
            </a>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-3 text-sm text-stone-500" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        {t('social.or')}
        <span className="h-px flex-1 bg-stone-200" />
      </p>
    </div>
  );
}

/** The message of `?social_error=<code>` (a code the server sends; any other reads as a failure). */
export function SocialErrorAlert({
  value,
  title,
  className,
}: {
  value: string | null;
  title: string;
  className?: string;
}) {
  const { t } = useTranslation('auth');
  const code = socialErrorOf(value);
  if (!code) return null;
  return (
    <Alert variant="error" title={title} className={className}>
      {t(`social.errors.${code}`)}
    </Alert>
  );
}
