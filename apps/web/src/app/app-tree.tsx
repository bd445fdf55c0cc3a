import { StrictMode, Suspense, type ReactNode } from 'react';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole app under a router. The browser gives it a BrowserRouter; the build's prerender of
 * the landing (build/prerender.ts) a StaticRouter. One tree for both, so the page the server
 * sends and the one the browser hydrates are the same markup.
 */
export function AppTree({ Router }: { Router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>
        <Suspense fallback={<FullPageSpinner />}>
          <Router>
            <AppRoutes />
          </Router>
        </Suspense>
      </AppProviders>
    </StrictMode>
  );
}
