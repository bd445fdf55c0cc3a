import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type ChannelChoice,
  type NotificationChannel,
  type NotificationType,
} from '@candeia/shared/schemas/notifications';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { accountOf, useSessionUser } from '../../../lib/queries/session.ts';
import { notificationKeys } from '../api/keys.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences.ts';
import { deviceState, disablePush, enablePush, type DeviceState } from '../lib/push-device.ts';

type Choices = Record<NotificationType, ChannelChoice>;

const changedTypes = (draft: Choices, saved: Choices) =>
  NOTIFICATION_TYPES.filter((type) => NOTIFICATION_CHANNELS.some((c) => draft[type][c] !== saved[type][c]));

/**
 * The notifications part of /settings: notifications on this device (the browser's permission,
 * asked only from the button), then, for each type, in the app, on the device, by e-mail.
 */
export function NotificationSettings() {
  const { t } = useTranslation('notification-channels');
  const { apiMessage } = useMessages();
  const prefs = useNotificationPreferences();

  if (prefs.isPending) return <Spinner label={t('loading')} />;
  if (prefs.error)
    return (
      <Alert variant="error" title={t('loadFailed')}>
        {apiMessage(prefs.error)}
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={() => void prefs.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </Alert>
    );
  return (
    <div className="grid gap-6">
      <DevicePanel devices={prefs.data.devices} />
      <ChoicesForm saved={prefs.data.types} devices={prefs.data.devices} />
    </div>
  );
}

/** "Enable notifications on this device": asks on the click, says when the browser refused. */
function DevicePanel({ devices }: { devices: number }) {
  const { t } = useTranslation('notification-channels');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const qc = useQueryClient();
  const titleId = useId();
  const [state, setState] = useState<DeviceState | null>(null);
  const [busy, setBusy] = useState<'enabling' | 'disabling' | null>(null);
  const [notice, setNotice] = useState<{ kind: 'dismissed' } | { kind: 'error'; title: string; text: string } | null>(
    null,
  );

  useEffect(() => {
    let live = true;
    deviceState().then(
      (s) => live && setState(s),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  async function enable() {
    setBusy('enabling');
    setNotice(null);
    try {
      const result = await enablePush();
      if (result === 'on') {
        setState('on');
        toast({ variant: 'success', title: t('device.enabled') });
      } else if (result === 'denied') setState('denied');
      else setNotice({ kind: 'dismissed' });
    } catch (err) {
      setNotice({ kind: 'error', title: t('device.failed'), text: apiMessage(err) });
    } finally {
      setBusy(null);
      void qc.invalidateQueries({ queryKey: notificationKeys.preferences });
    }
  }

  async function disable() {
    setBusy('disabling');
    setNotice(null);
    try {
      await disablePush();
      setState('off');
      toast({ variant: 'success', title: t('device.disabled') });
    } catch (err) {
      setNotice({ kind: 'error', title: t('device.disableFailed'), text: apiMessage(err) });
    } finally {
      setBusy(null);
      void qc.invalidateQueries({ queryKey: notificationKeys.preferences });
    }
  }

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5">
      <h3 id={titleId} className="font-semibold text-stone-900">
        {t('device.title')}
      </h3>
      {state === null ? (
        <Spinner className="mt-3" />
      ) : state === 'unsupported' ? (
        <p className="mt-1 text-sm text-stone-700">{t('device.unsupported')}</p>
      ) : state === 'denied' ? (
        <Alert variant="warning" className="mt-3">
          {t('device.denied')}
        </Alert>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-700" role="status">
            {state === 'on' ? t('device.on') : t('device.explain')}
          </p>
          <div className="mt-3">
            {state === 'on' ? (
              <Button
                variant="outline"
                onClick={() => void disable()}
                busy={busy === 'disabling'}
                busyLabel={t('device.disabling')}
              >
                {t('device.disable')}
              </Button>
            ) : (
              <Button onClick={() => void enable()} busy={busy === 'enabling'} busyLabel={t('device.enabling')}>
                {t('device.enable')}
              </Button>
            )}
          </div>
        </>
      )}
      {notice?.kind === 'dismissed' ? (
        <Alert variant="info" className="mt-3">
          {t('device.dismissed')}
        </Alert>
      ) : notice?.kind === 'error' ? (
        <Alert variant="error" className="mt-3" title={notice.title}>
          {notice.text}
        </Alert>
      ) : null}
      <p className="mt-3 text-sm text-stone-600">{t('device.count', { count: devices })}</p>
    </section>
  );
}

/** Each type's channels as checkboxes; saved together, kept as chosen when saving fails. */
function ChoicesForm({ saved, devices }: { saved: Choices; devices: number }) {
  const { t } = useTranslation('notification-channels');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const save = useSaveNotificationPreferences();
  const base = useId();
  const emailVerified = accountOf(useSessionUser().user)?.emailVerified ?? true;
  const [draft, setDraft] = useState<Choices | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choices = draft ?? saved;
  const changed = changedTypes(choices, saved);

  function toggle(type: NotificationType, channel: NotificationChannel, on: boolean) {
    setDraft({ ...choices, [type]: { ...choices[type], [channel]: on } });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (changed.length === 0) return;
    setError(null);
    try {
      await save.mutateAsync(Object.fromEntries(changed.map((type) => [type, choices[type]])));
      setDraft(null);
      toast({ variant: 'success', title: t('saved') });
    } catch (err) {
      // The choices stay as the member made them, ready to save again.
      setError(apiMessage(err));
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="-mx-1 overflow-x-auto px-1">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead>
            <tr className="border-b border-stone-200 align-bottom">
              <th scope="col" className="py-2 pr-2 text-xs font-semibold text-stone-600">
                {t('table.type')}
              </th>
              {NOTIFICATION_CHANNELS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="w-12 px-0 py-2 text-center text-xs font-semibold leading-4 text-stone-600 sm:w-28"
                >
                  {t(`channels.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {NOTIFICATION_TYPES.map((type) => {
              const label = t(`types.${type}.label`);
              return (
                <tr key={type}>
                  <th scope="row" className="py-3 pr-2 align-middle font-normal">
                    <span className="block font-medium text-stone-900">{label}</span>
                    <span className="mt-0.5 block text-xs leading-5 text-stone-600">{t(`types.${type}.hint`)}</span>
                  </th>
                  {NOTIFICATION_CHANNELS.map((c) => {
                    const id = `${base}-${type}-${c}`;
                    return (
                      <td key={c} className="px-0 text-center align-middle">
                        <label
                          htmlFor={id}
                          className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg hover:bg-stone-100"
                        >
                          <input
                            id={id}
                            type="checkbox"
                            className="h-5 w-5 cursor-pointer rounded border-stone-400 accent-brand-700"
                            checked={choices[type][c]}
                            onChange={(e) => toggle(type, c, e.target.checked)}
                          />
                          <span className="sr-only">{t('choice', { type: label, channel: t(`channels.${c}`) })}</span>
                        </label>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-4 space-y-2 text-sm text-stone-600">
        {devices === 0 ? <p>{t('noDevices')}</p> : null}
        {!emailVerified ? <p>{t('emailUnverified')}</p> : null}
      </div>
      {error ? (
        <Alert variant="error" className="mt-4" title={t('saveFailed')}>
          {error}
        </Alert>
      ) : null}
      {/* Always there, so saying there are changes to save is announced. */}
      <p className="mt-4 min-h-5 text-sm font-medium text-stone-800" role="status">
        {changed.length > 0 ? t('unsaved') : ''}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button type="submit" busy={save.isPending} busyLabel={t('saving')} disabled={changed.length === 0}>
          {t('save')}
        </Button>
        {changed.length > 0 ? (
          <Button
            variant="outline"
            onClick={() => {
              setDraft(null);
              setError(null);
            }}
          >
            {t('undo')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
