import { useQueryClient } from '@tanstack/react-query';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES, matchLocale, type Locale } from '@candeia/shared/constants';
import { api } from '../../lib/api.ts';
import { changeLocale, currentLocale } from '../../lib/i18n.ts';
import { sessionKey, useSession, type Session } from '../../lib/queries/session.ts';
import { ICONS, LineIcon } from './brand-mark.tsx';

const TONES = {
  light: 'border-stone-300 bg-white text-stone-800 hover:border-stone-400',
  dark: 'border-stone-600 bg-stone-800 text-stone-100 hover:border-stone-500',
} as const;

/**
 * Chooses the language (a native select: keyboard and screen-reader friendly everywhere).
 * The choice is stored and broadcast by changeLocale; a signed-in user's profile keeps it too.
 */
export function LanguageSwitcher({
  tone = 'light',
  className = '',
}: {
  tone?: keyof typeof TONES;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = !!session.data;

  async function onChange(e: ChangeEvent<HTMLSelectElement>) {
    const locale = matchLocale(e.target.value) as Locale;
    await changeLocale(locale);
    if (!signedIn) return;
    queryClient.setQueryData<Session | null>(sessionKey, (s) =>
      s && !('offline' in s) ? { ...s, user: { ...s.user, locale } } : s,
    );
    // Best effort: the choice is already stored on this device.
    api('/profile/locale', { method: 'PUT', body: { locale } }).catch(() => undefined);
  }

  return (
    <div className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <span className="pointer-events-none absolute left-2.5 opacity-70">
        <LineIcon d={ICONS.globe} className="h-4 w-4" />
      </span>
      <select
        id={id}
        value={currentLocale()}
        onChange={onChange}
        className={`min-h-10 w-full min-w-0 cursor-pointer appearance-none rounded-lg border py-1.5 pl-8 pr-8 text-sm font-medium transition-colors ${TONES[tone]}`}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`language.${l}`)}
          </option>
        ))}
      </select>
      <span className="pointer-events-none absolute right-2.5 opacity-70">
        <LineIcon d={ICONS.chevron} className="h-4 w-4" />
      </span>
    </div>
  );
}
