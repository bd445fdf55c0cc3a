import { useTranslation } from 'react-i18next';
import type { AlertSeverity } from '@candeia/shared/schemas/alerts';
import { Icon } from './icon.tsx';

const TONES: Record<AlertSeverity, { bar: string; icon: string; button: string }> = {
  info: {
    bar: 'border-sky-200 bg-sky-50 text-sky-950',
    icon: 'text-sky-700',
    button: 'text-sky-900 hover:bg-sky-100 focus-visible:ring-sky-700',
  },
  warning: {
    bar: 'border-amber-300 bg-amber-100 text-amber-950',
    icon: 'text-amber-700',
    button: 'text-amber-950 hover:bg-amber-200 focus-visible:ring-amber-800',
  },
  critical: {
    bar: 'border-red-800 bg-red-700 text-white',
    icon: 'text-white',
    button: 'text-white hover:bg-red-800 focus-visible:ring-white',
  },
};

const PATHS: Record<AlertSeverity, string> = {
  info: 'M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0z',
  warning: 'M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  critical: 'M12 8v5m0 3h.01M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9z',
};

/**
 * One alert's bar: its severity said in words (not by color alone), the message, and a dismiss
 * button when it can be dismissed (the admin's preview has none).
 */
export function AlertBar({
  severity,
  message,
  onDismiss,
  busy = false,
}: {
  severity: AlertSeverity;
  message: string;
  onDismiss?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('alerts');
  const tone = TONES[severity];
  return (
    <div className={`border-b ${tone.bar}`}>
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 sm:items-center sm:px-6">
        <Icon className={`mt-0.5 h-5 w-5 shrink-0 sm:mt-0 ${tone.icon}`}>
          <path d={PATHS[severity]} />
        </Icon>
        <p className="min-w-0 flex-1 whitespace-pre-line break-words text-sm leading-snug">
          <strong className="font-semibold">{t(`banner.severity.${severity}`)}: </strong>
          {message}
        </p>
        {onDismiss ? (
          <button
            type="button"
            onClick={onDismiss}
            disabled={busy}
            aria-label={t('banner.dismiss')}
            title={t('banner.dismiss')}
            className={`-my-1 -mr-2 grid h-9 w-9 shrink-0 place-items-center rounded-full outline-none focus-visible:ring-2 disabled:opacity-60 ${tone.button}`}
          >
            <Icon className="h-5 w-5">
              <path d="M6 6l12 12M18 6 6 18" />
            </Icon>
          </button>
        ) : null}
      </div>
    </div>
  );
}
