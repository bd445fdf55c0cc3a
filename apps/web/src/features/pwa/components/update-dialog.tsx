import { lazy, Suspense, useEffect, useState } from 'react';

// Production builds only: the service worker would get in the way of the dev server.
const UpdatePrompt = import.meta.env.PROD ? lazy(() => import('./update-prompt.tsx')) : null;
const START_DELAY_MS = 1500;

/**
 * 'Nova Versão Disponível!' (SPEC.md §2, §4). The service worker is registered a moment
 * after the page has loaded, so the registration code is never part of the first load.
 */
export function UpdateDialog() {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!UpdatePrompt || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setReady(true), START_DELAY_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      clearTimeout(timer);
    };
  }, []);

  if (!UpdatePrompt || !ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
