import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { paths } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';

const CHECK_EVERY_MS = 60 * 60_000;

/**
 * Registers the service worker and, when a new version has been installed while this one
 * runs, asks whether to switch now. 'Atualizar Agora' sends skip-waiting; the page reloads
 * once the new worker controls it. 'Agora não' dismisses.
 */
export default function UpdatePrompt() {
  const { t } = useTranslation('common');
  const dialog = useRef<HTMLDialogElement>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  const [updating, setUpdating] = useState(false);
  const titleId = useId();
  const textId = useId();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A long-lived tab still learns about new versions.
      if (registration)
        setInterval(() => {
          if (navigator.onLine) registration.update().catch(() => undefined);
        }, CHECK_EVERY_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (needRefresh && !d.open) {
      d.showModal();
      updateButton.current?.focus();
    } else if (!needRefresh && d.open) {
      d.close();
    }
  }, [needRefresh]);

  const update = () => {
    setUpdating(true);
    void updateServiceWorker(true);
    // A page the old worker never controlled (the very first visit) gets no 'controlling'
    // event: reload it as soon as the new worker is active.
    if (!navigator.serviceWorker.controller) {
      void navigator.serviceWorker.getRegistration().then((reg) => {
        const next = reg?.waiting ?? reg?.installing;
        if (!next || next.state === 'activated') return window.location.reload();
        next.addEventListener('statechange', () => {
          if (next.state === 'activated') window.location.reload();
        });
      });
    }
  };

  // "Ver o que mudou": the new version opens on its own "Novidades" page (this version's would
  // list what this version knows).
  const seeWhatsNew = () => {
    window.history.replaceState(window.history.state, '', paths.updates());
    update();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => setNeedRefresh(false)}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/60"
    >
      <div className="p-6">
        <h2 id={titleId} className="font-serif text-2xl font-semibold">
          {t('update.title')}
        </h2>
        <p id={textId} className="mt-2 leading-relaxed text-stone-600">
          {t('update.text')}
        </p>
        <button
          type="button"
          onClick={seeWhatsNew}
          disabled={updating}
          className="mt-3 rounded font-semibold text-brand-800 underline underline-offset-4 outline-none hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60"
        >
          {t('update.whatsNew')}
        </button>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setNeedRefresh(false)} disabled={updating}>
            {t('update.later')}
          </Button>
          <Button ref={updateButton} onClick={update} busy={updating} busyLabel={t('update.updating')}>
            {t('update.now')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
