import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { THEME_STORAGE_KEY } from '@candeia/shared/constants';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { initI18n } from './lib/i18n.ts';
import './styles.css';

// The light look is forced at start-up: any stored theme is removed (SPEC.md §1).
try {
  localStorage.removeItem(THEME_STORAGE_KEY);
} catch {
  /* storage unavailable */
}
document.documentElement.classList.remove('dark');
document.documentElement.style.colorScheme = 'light';

// Unhandled failures go to the console only; nothing is shown to the user (SPEC.md §8).
window.addEventListener('unhandledrejection', (e) => console.error('Unhandled rejection:', e.reason));
window.addEventListener('error', (e) => console.error('Uncaught error:', e.error ?? e.message));

await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<FullPageSpinner />}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
