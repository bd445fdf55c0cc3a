import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSession } from '../../lib/queries/session.ts';
import { BrandMark, ICONS, LineIcon } from './brand-mark.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

// Signed-in only: the balance and the bell load after sign-in, never with the landing page.
const CreditBalance = lazy(() =>
  import('../../features/billing/components/credit-balance.tsx').then((m) => ({ default: m.CreditBalance })),
);
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
);

const MessagesBadge = lazy(() =>
  import('../../features/messages/components/messages-badge.tsx').then((m) => ({ default: m.MessagesBadge })),
);

interface NavItem {
  to: string;
  label: string;
  /** Beside the label (the unread count of the messages). */
  badge?: ReactNode;
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
  // The places of the app: inline on wide screens, first in the phone's menu.
  const nav: NavItem[] = user
    ? [
        { to: paths.start(), label: t('nav.home') },
        { to: paths.chat(), label: t('nav.chat') },
        { to: paths.community(), label: t('nav.community') },
        { to: paths.scripture('bible'), label: t('nav.bible') },
        { to: paths.scripture('books'), label: t('nav.sacredBooks') },
        { to: paths.consultation(), label: t('nav.consultation') },
        { to: paths.avatar(), label: t('nav.avatar') },
      ]
    : [
        { to: paths.landing(), label: t('nav.home') },
        { to: paths.subscription(), label: t('nav.subscription') },
        { to: paths.donations(), label: t('nav.donations') },
      ];
  // The member's own pages: the account menu on wide screens, after the places on a phone.
  const mine: NavItem[] = user
    ? [
        { to: paths.notifications(), label: t('nav.notifications') },
        {
          to: paths.messages(),
          label: t('nav.messages'),
          badge: (
            <Suspense fallback={null}>
              <MessagesBadge />
            </Suspense>
          ),
        },
        { to: paths.profile(), label: t('nav.profile') },
        { to: paths.settings(), label: t('nav.settings') },
        { to: paths.subscription(), label: t('nav.subscription') },
        { to: paths.referral(), label: t('nav.referral') },
        { to: paths.donations(), label: t('nav.donations') },
        ...(user.role === 'admin' ? [{ to: paths.admin(), label: t('nav.admin') }] : []),
      ]
    : [];
  const close = () => setOpenOn(null);
  const signOut = () => {
    close();
    void logout.logout();
  };

  const signOutButton = (
    <button
      type="button"
      onClick={signOut}
      disabled={logout.isPending}
      aria-busy={logout.isPending || undefined}
      className={buttonClasses({ variant: 'outline', className: compact })}
    >
      {t('nav.logout')}
    </button>
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
          <div className="ml-auto flex items-center gap-1 lg:hidden">
            <Suspense fallback={null}>
              <CreditBalance />
              <NotificationBell onNavigate={close} />
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
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] flex-col gap-3 overflow-y-auto border-y border-stone-200 bg-white p-4 shadow-lg lg:static lg:ml-2 lg:flex lg:max-h-none lg:min-w-0 lg:flex-1 lg:flex-row lg:items-center lg:overflow-visible lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
        >
          <nav aria-label={t('nav.label')} className="lg:min-w-0">
            <ul className="flex flex-col gap-1 lg:flex-row lg:gap-0.5 xl:gap-1">
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to !== paths.chat()} onClick={close} className={navLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {user ? (
            <nav aria-label={t('nav.account')} className="border-t border-stone-100 pt-3 lg:hidden">
              <ul className="flex flex-col gap-1">
                {mine.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} onClick={close} className={navLink}>
                      {item.label}
                      {item.badge}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="flex flex-col gap-3 border-t border-stone-100 pt-4 lg:ml-auto lg:flex-row lg:items-center lg:gap-2 lg:border-0 lg:pt-0">
            {user ? (
              <>
                <div className="hidden items-center gap-1 lg:flex">
                  <Suspense fallback={null}>
                    <CreditBalance />
                    <NotificationBell />
                  </Suspense>
                  <AccountMenu name={user.firstName} items={mine} onSignOut={signOut} signingOut={logout.isPending} />
                </div>
                <div className="flex flex-col gap-3 lg:hidden">
                  <LanguageSwitcher />
                  {signOutButton}
                </div>
              </>
            ) : session.isPending ? null : (
              <>
                {/* From 1280 px the menu never squeezes it: its language names stay whole. */}
                <LanguageSwitcher className="xl:shrink-0" />
                <div className="grid grid-cols-2 gap-2 lg:flex">
                  <Link
                    to={paths.login()}
                    onClick={close}
                    className={buttonClasses({ variant: 'outline', className: compact })}
                  >
                    {t('nav.login')}
                  </Link>
                  <Link to={paths.signup()} onClick={close} className={buttonClasses({ className: compact })}>
                    {t('nav.signup')}
                  </Link>
                </div>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

/**
 * The account menu of wide screens: the member's own pages, the language and "Sair", behind a
 * button with their first name. A disclosure (button and list of links): Escape, a click outside
 * or going anywhere closes it.
 */
function AccountMenu({
  name,
  items,
  onSignOut,
  signingOut,
}: {
  name: string;
  items: NavItem[];
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="inline-flex min-h-10 max-w-40 items-center gap-1.5 rounded-lg border border-stone-300 bg-white py-1.5 pl-1.5 pr-2.5 text-sm font-medium text-stone-800 transition-colors hover:border-stone-400"
      >
        <span
          aria-hidden="true"
          className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only">{t('nav.accountMenu')}: </span>
        <span className="truncate">{name}</span>
        <LineIcon d={ICONS.chevron} className="h-4 w-4 shrink-0 opacity-70" />
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-stone-200 bg-white p-2 shadow-lg"
      >
        <nav aria-label={t('nav.account')}>
          <ul className="flex flex-col gap-0.5">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={() => setOpenOn(null)}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium ${
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
                    }`
                  }
                >
                  {item.label}
                  {item.badge}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-2 flex flex-col gap-2 border-t border-stone-100 px-1 pt-3">
          <LanguageSwitcher />
          <button
            type="button"
            onClick={() => {
              setOpenOn(null);
              onSignOut();
            }}
            disabled={signingOut}
            aria-busy={signingOut || undefined}
            className={buttonClasses({ variant: 'outline', className: compact })}
          >
            {t('nav.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
