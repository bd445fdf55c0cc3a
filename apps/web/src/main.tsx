import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { THEME_STORAGE_KEY } from '@candeia/shared/constants';
import { ROUTES } from '@candeia/shared/routes';
import { AppTree } from './app/app-tree.tsx';
import { initI18n } from './lib/i18n.ts';
import './styles.css';

// The light look is forced at start-up: any stored theme is removed (SPEC.md §1).
try {
  localStorage.removeItem(THEME_STORAGE_KEY);
} catch {
  /* storage unavailable */
}
// Written only when something says otherwise: a write to <html> restyles the whole page, which
// has been painted already when it came prerendered (styles.css sets `color-scheme: light`).
const html = document.documentElement;
if (html.classList.contains('dark')) html.classList.remove('dark');
if (html.style.colorScheme && html.style.colorScheme !== 'light') html.style.colorScheme = 'light';

// Unhandled failures go to the console only; nothing is shown to the user (SPEC.md §8).
window.addEventListener('unhandledrejection', (e) => console.error('Unhandled rejection:', e.reason));
window.addEventListener('error', (e) => console.error('Uncaught error:', e.error ?? e.message));

// The server's language for the page it sent, read before initI18n sets the tag to ours.
const sentLocale = document.documentElement.lang;
const i18n = await initI18n();

const root = document.getElementById('root')!;
const app = <AppTree Router={BrowserRouter} />;
// The landing arrives prerendered (build/prerender.ts): the browser has painted it already, and
// React takes it over as it is. Anything else, or the landing in another language than the one
// chosen here, is rendered afresh.
const prerendered = root.firstElementChild !== null;
if (prerendered && location.pathname === ROUTES.landing && sentLocale === i18n.language) {
  // As a transition, the hydration yields to the browser between pieces of work instead of
  // holding the main thread while a phone's user may already be tapping.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  if (prerendered) root.replaceChildren();
  createRoot(root).render(app);
}
