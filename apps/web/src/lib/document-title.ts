import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser tab names the screen, "Entrar · Candeia" (WCAG 2.4.2); leaving the screen
 * puts back the app name, so a screen without a title of its own never shows a stale one.
 */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const app = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
    return () => {
      document.title = app;
    };
  }, [title, app]);
}
