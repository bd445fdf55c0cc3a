import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchLocale, DEFAULT_LOCALE } from '@candeia/shared/constants';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSignedIn } from '../../../lib/queries/session.ts';
import { useCurrentAlerts, useDismissAlert } from '../api/alerts.ts';
import { dismissedHere, dismissHere } from '../lib/dismissed.ts';
import { AlertBar } from '../../../components/ui/alert-bar.tsx';

/**
 * The administrator's alerts (maintenance, an incident) as bars under the header, each until
 * its end or until the reader dismisses it: a member's dismissal is kept by the server (all
 * their devices), a visitor's on this device.
 */
export function AlertBanner() {
  const { t, i18n, ready } = useTranslation('alerts', { useSuspense: false });
  const signedIn = useSignedIn();
  const alerts = useCurrentAlerts();
  const dismiss = useDismissAlert();
  const toast = useToast();
  // Hidden at once on a tap; a failed member's dismissal brings it back.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(dismissedHere()));
  const locale = matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;

  const shown = (alerts.data?.alerts ?? []).filter((a) => !hidden.has(a.id) && Date.parse(a.endsAt) > Date.now());
  if (!ready || shown.length === 0) return null;

  const onDismiss = (id: string) => {
    setHidden((h) => new Set([...h, id]));
    if (!signedIn) {
      dismissHere(id);
      return;
    }
    dismiss.mutate(id, {
      onError: () => {
        setHidden((h) => new Set([...h].filter((x) => x !== id)));
        toast({ variant: 'destructive', title: t('banner.dismissFailed') });
      },
    });
  };

  return (
    <section aria-label={t('banner.region')}>
      <ul>
        {shown.map((a) => (
          <li key={a.id}>
            <AlertBar
              severity={a.severity}
              message={a.messages[locale]}
              onDismiss={() => onDismiss(a.id)}
              busy={dismiss.isPending && dismiss.variables === a.id}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default AlertBanner;
