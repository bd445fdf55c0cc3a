import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { exportDownloadUrl, useAccountExport } from '../api/get-export.ts';
import { useRequestExport } from '../api/request-export.ts';
import { fileSize, formatDateTime } from './format.ts';

/** "Download my data": ask for the file, watch it being prepared, download it while it lasts. */
export function ExportPanel() {
  const { t, i18n } = useTranslation('settings');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const state = useAccountExport();
  const request = useRequestExport();
  const [error, setError] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const current = state.data?.export ?? null;

  async function ask() {
    setError(null);
    try {
      await request.mutateAsync();
      toast({ variant: 'success', title: t('export.requested'), description: t('export.requestedHint') });
    } catch (e) {
      setError(apiMessage(e));
    }
  }

  const askButton = (label: string) => (
    <Button variant="outline" busy={request.isPending} busyLabel={t('export.requesting')} onClick={() => void ask()}>
      {label}
    </Button>
  );

  return (
    <div>
      <h3 className="font-serif text-lg font-semibold text-stone-900">{t('export.title')}</h3>
      <p className="mt-1 text-sm text-stone-600">{t('export.lead')}</p>
      <div className="mt-4" aria-live="polite">
        {state.isPending ? (
          <Spinner />
        ) : state.error ? (
          <Alert variant="error" title={t('export.statusFailed')}>
            {apiMessage(state.error)}
            <div className="mt-3">
              <Button size="sm" variant="outline" onClick={() => void state.refetch()}>
                {t('retry')}
              </Button>
            </div>
          </Alert>
        ) : current?.status === 'preparing' ? (
          <p className="flex items-center gap-3 text-sm text-stone-700">
            <Spinner />
            <span>{t('export.preparing')}</span>
          </p>
        ) : current?.status === 'ready' ? (
          <div className="grid gap-3">
            <p className="text-sm text-stone-700">
              {t('export.ready', { date: formatDateTime(current.expiresAt!, locale) })}
            </p>
            <div className="flex flex-wrap gap-2">
              <a href={exportDownloadUrl(current.id)} download className={buttonClasses({ variant: 'primary' })}>
                {t('export.download', {
                  size: t(`export.${fileSize(current.sizeBytes ?? 0, locale).unit}`, {
                    value: fileSize(current.sizeBytes ?? 0, locale).value,
                  }),
                })}
              </a>
              {askButton(t('export.again'))}
            </div>
          </div>
        ) : (
          <div className="grid gap-3">
            {current?.status === 'expired' ? <p className="text-sm text-stone-700">{t('export.expired')}</p> : null}
            {current?.status === 'failed' ? <Alert variant="error" title={t('export.failed')} /> : null}
            <div>{askButton(current ? t('export.again') : t('export.request'))}</div>
          </div>
        )}
      </div>
      {error ? (
        <Alert variant="error" className="mt-4" title={t('export.requestFailed')}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
