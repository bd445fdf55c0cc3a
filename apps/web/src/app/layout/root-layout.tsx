import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { SessionWatcher } from '../../features/auth/components/session-watcher.tsx';
import { TrialBanner } from '../../features/billing/components/trial-banner.tsx';
import { UpdateDialog } from '../../features/pwa/components/update-dialog.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, trial banner, the screen, footer; plus the session watcher and update dialog. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip
      </a>
      <SiteHeader />
      <TrialBanner />
      <main id="main" className="flex-1">
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
