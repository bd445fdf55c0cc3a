import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { SessionWatcher } from '../../features/auth/components/session-watcher.tsx';
import { TrialBanner } from '../../features/billing/components/trial-banner.tsx';
import { UpdateDialog } from '../../features/pwa/components/update-dialog.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, trial banner, the screen, footer; plus the session watcher and update dialog. */
export function RootLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-900 focus:shadow-lg"
      >
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <TrialBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <SessionWatcher />
      <UpdateDialog />
    </div>
  );
}
