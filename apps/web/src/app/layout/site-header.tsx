import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSession } from '../../lib/queries/session.ts';
import { BrandMark, ICONS, LineIcon } from './brand-mark.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

// Signed-in only: the balance loads after sign-in, never with the landing page.
const CreditBalance = lazy(() =>
  import('../../features/billing/components/credit-balance.tsx').then((m) => ({ default: m.CreditBalance })),
);

interface NavItem {
  to: string;
  label: string;
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base font-medium transition-colors lg:px-1.5 lg:py-2 lg:text-sm xl:whitespace-nowrap xl:px-2 xl:text-[0.95rem] ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
  }`;
const compact = 'whitespace-nowrap lg:min-h-9 lg:px-3 lg:text-sm';

/**
 * The site header: brand, the navigation entries that lead somewhere today, the language
 * switcher and the account actions; inline on wide screens, a menu button on phones.
 */
export function SiteHeader() {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const user = session.data?.user;
  const nav: NavItem[] = user
    ? [
        { to: paths.start(), label: t('nav.home') },
        { to: paths.chat(), label: t('nav.chat') },
        { to: paths.community(), label: t('nav.community') },
        { to: paths.scripture('bible'), label: t('nav.bible') },
        { to: paths.scripture('books'), label: t('nav.sacredBooks') },
        { to: paths.avatar(), label: t('nav.avatar') },
        { to: paths.profile(), label: t('nav.profile') },
        { to: paths.subscription(), label: t('nav.subscription') },
        { to: paths.referral(), label: t('nav.referral') },
        ...(user.role === 'admin' ? [{ to: paths.admin(), label: t('nav.admin') }] : []),
      ]
    : [
        { to: paths.landing(), label: t('nav.home') },
        { to: paths.subscription(), label: t('nav.subscription') },
      ];
  const close = () => setOpenOn(null);
  const signOut = () => {
    close();
    void logout.logout();
  };

  const account = session.isPending ? null : user ? (
    <button
      type="button"
      onClick={signOut}
      disabled={logout.isPending}
      aria-busy={logout.isPending || undefined}
      className={buttonClasses({ variant: 'outline', className: compact })}
    >
      {t('nav.logout')}
    </button>
  ) : (
    <>
      <Link to={paths.login()} onClick={close} className={buttonClasses({ variant: 'outline', className: compact })}>
        {t('nav.login')}
      </Link>
      <Link to={paths.signup()} onClick={close} className={buttonClasses({ className: compact })}>
        {t('nav.signup')}
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 xl:max-w-7xl">
        <Link
          to={user ? paths.start() : paths.landing()}
          aria-label={t('nav.homeLink')}
          className="flex shrink-0 items-center gap-2.5 rounded-lg"
        >
          <BrandMark className="h-9 w-9" />
          <span className="font-serif text-xl font-semibold tracking-tight text-stone-900">{t('appName')}</span>
        </Link>

        {user ? (
          <div className="ml-auto flex lg:hidden">
            <Suspense fallback={null}>
              <CreditBalance />
            </Suspense>
          </div>
        ) : null}
        <button
          ref={menuButton}
          type="button"
          onClick={() => setOpenOn(open ? null : pathname)}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          className={`-mr-2 ${user ? 'ml-1' : 'ml-auto'} inline-flex h-11 w-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 lg:hidden`}
        >
          <LineIcon d={open ? ICONS.close : ICONS.menu} className="h-6 w-6" />
        </button>

        {/* One set of links: a panel under the bar on phones, inline on wider screens. */}
        <div
          id={panelId}
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] flex-col gap-3 overflow-y-auto border-y border-stone-200 bg-white p-4 shadow-lg lg:static lg:ml-2 lg:flex lg:max-h-none lg:flex-1 lg:flex-row lg:items-center lg:overflow-visible lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
        >
          <nav aria-label={t('nav.label')}>
            <ul className="flex flex-col gap-1 lg:flex-row">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to !== paths.chat()} onClick={close} className={navLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-3 border-t border-stone-100 pt-4 lg:ml-auto lg:flex-row lg:items-center lg:gap-2 lg:border-0 lg:pt-0">
            {user ? (
              <div className="hidden lg:flex">
                <Suspense fallback={null}>
                  <CreditBalance />
                </Suspense>
              </div>
            ) : null}
            {/* From 1280 px the menu never squeezes it: its language names stay whole. */}
            <LanguageSwitcher className="xl:shrink-0" />
            <div className="grid grid-cols-2 gap-2 lg:flex [&>*:only-child]:col-span-2">{account}</div>
          </div>
        </div>
      </div>
    </header>
  );
}
