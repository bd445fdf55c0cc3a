import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceSessionDto } from '@candeia/shared/schemas/account';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useDeviceSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { formatDateTime } from './format.ts';
import { SettingsSection } from './settings-section.tsx';

/** "Chrome on Windows", from what the server read in the session's user agent. */
function useDeviceName() {
  const { t } = useTranslation('settings');
  return (s: DeviceSessionDto) =>
    t('sessions.device', {
      browser: s.browser ? t(`sessions.browsers.${s.browser}`) : t('sessions.unknownBrowser'),
      os: s.os ? t(`sessions.systems.${s.os}`) : t('sessions.unknownSystem'),
    });
}

/** The member's signed-in sessions: this device first; sign out one, or all the others. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('settings');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const sessions = useDeviceSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const deviceName = useDeviceName();
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? i18n.language;

  async function signOut(id: string) {
    setError(null);
    try {
      await revoke.mutateAsync(id);
      toast({ variant: 'success', title: t('sessions.signedOut') });
    } catch (e) {
      setError(apiMessage(e));
    }
  }

  async function signOutOthers() {
    setError(null);
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      toast({ variant: 'success', title: t('sessions.signedOutOthers', { count: revoked }) });
    } catch (e) {
      setError(apiMessage(e));
    }
  }

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);

  return (
    <SettingsSection id="sessions" title={t('sessions.title')} lead={t('sessions.lead')}>
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.error ? (
        <Alert variant="error" title={t('sessions.loadFailed')}>
          {apiMessage(sessions.error)}
          <div className="mt-3">
            <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </Alert>
      ) : (
        <>
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
            {list.map((s) => {
              const name = deviceName(s);
              const lastActive = formatDateTime(s.lastActiveAt, locale);
              return (
                <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">
                      {name}{' '}
                      {s.current ? (
                        <Badge tone="success" className="ml-1 align-middle">
                          {t('sessions.current')}
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-sm text-stone-600">
                      {s.mobile ? t('sessions.mobile') : t('sessions.computer')}
                      {' · '}
                      {t('sessions.started', { date: formatDateTime(s.createdAt, locale) })}
                    </p>
                    <p className="text-sm text-stone-600">{t('sessions.lastActive', { date: lastActive })}</p>
                  </div>
                  {s.current ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      className="shrink-0 self-start sm:self-center"
                      aria-label={t('sessions.signOutNamed', { device: name, date: lastActive })}
                      busy={revoke.isPending && revoke.variables === s.id}
                      busyLabel={t('sessions.signingOut')}
                      onClick={() => void signOut(s.id)}
                    >
                      {t('sessions.signOut')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">{t('sessions.noOthers')}</p>
          ) : (
            <div className="mt-4">
              <Button
                variant="outline"
                busy={revokeOthers.isPending}
                busyLabel={t('sessions.signingOut')}
                onClick={() => void signOutOthers()}
              >
                {t('sessions.signOutOthers')}
              </Button>
            </div>
          )}
        </>
      )}
      {error ? (
        <Alert variant="error" className="mt-4" title={t('sessions.failed')}>
          {error}
        </Alert>
      ) : null}
    </SettingsSection>
  );
}
