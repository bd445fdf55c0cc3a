import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useOnline } from '../hooks/use-online.ts';

/** Says so when the device is offline: saved chapters still open, user data waits for the network. */
export function OfflineNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation('scripture');
  const online = useOnline();
  // The live region is always there, so the change is announced.
  return (
    <div role="status" className={className}>
      {online ? null : (
        <p className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <Icon className="mt-0.5 h-4 w-4 shrink-0">
            <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 4.3-2.3M16.6 10.9A10 10 0 0 1 19 12.5M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M2 2l20 20" />
          </Icon>
          <span>
            <strong className="font-semibold">{t('offline.title')}</strong> {t('offline.text')}
          </span>
        </p>
      )}
    </div>
  );
}
