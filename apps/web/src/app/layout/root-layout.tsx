import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { BOOT_READY } from '@candeia/shared/constants';
import { MessageActionContext, type MessageTarget } from '../../components/message-action.tsx';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { UpdateDialog } from '../../features/pwa/components/update-dialog.tsx';
import { useSession } from '../../lib/queries/session.ts';
import { SiteHeader } from './site-header.tsx';

// Only a signed-in person needs these: they load after sign-in, not with the landing page.
const SessionWatcher = lazy(() =>
  import('../../features/auth/components/session-watcher.tsx').then((m) => ({ default: m.SessionWatcher })),
);
// The footer sits below the fold: it follows the first screen instead of delaying it.
const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));
// The administrator's alerts: a small chunk fetched after the first screen, for everyone.
const AlertBanner = lazy(() => import('../../features/alerts/components/alert-banner.tsx'));
// The messages' "Mensagem" button, offered by the consultations and the community's pages.
const MessageButton = lazy(() => import('../../features/messages/components/message-button.tsx'));
const messageAction = (target: MessageTarget) => (
  <Suspense fallback={null}>
    <MessageButton {...target} />
  </Suspense>
);
const TrialBanner = lazy(() =>
  import('../../features/billing/components/trial-banner.tsx').then((m) => ({ default: m.TrialBanner })),
);

/** True once the page has loaded: what is not the first screen waits until then. */
function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') return setLoaded(true);
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, []);
  return loaded;
}

/**
 * Header, the trial banner, the screen (with the "confirm your e-mail" bar at its top), footer;
 * plus the session watcher and update dialog.
 */
export function RootLayout() {
  const { t, i18n } = useTranslation('common');
  const signedIn = !!useSession().data;
  const { pathname, hash } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  const afterLoad = useAfterLoad();

  // What a signed-in member's screens say of the server's refusals ('errors') and of their account
  // ('auth'), loaded once signed in: a dialog or a tab that needs them later does not wait for them.
  useEffect(() => {
    if (signedIn) void i18n.loadNamespaces(['auth', 'errors']);
  }, [signedIn, i18n]);

  // The prerendered landing kept the taps made before the app was there: made again now.
  useEffect(() => {
    (window as unknown as Record<string, (() => void) | undefined>)[BOOT_READY]?.();
  }, []);

  // A new screen starts at its top, and so do keyboard and screen-reader users: otherwise
  // focus stays on a link that is gone (or in the closed phone menu). In-page targets
  // (#hash) are left to the screen.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (hash) return;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname, hash]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-900 focus:shadow-lg"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      {afterLoad ? (
        <Suspense fallback={null}>
          <AlertBanner />
        </Suspense>
      ) : null}
      {signedIn ? (
        <Suspense fallback={null}>
          <TrialBanner />
        </Suspense>
      ) : null}
      {/* At least a screen tall: the footer starts below the fold, so a screen that grows as its
          data arrives does not push a footer the reader is looking at. */}
      <main ref={main} id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <MessageActionContext.Provider value={signedIn ? messageAction : null}>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </MessageActionContext.Provider>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      {signedIn ? (
        <Suspense fallback={null}>
          <SessionWatcher />
        </Suspense>
      ) : null}
      <UpdateDialog />
    </div>
  );
}
