import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/**
 * Content the moderation marked sensitive: behind a cover that says so, shown after a click.
 * Not sensitive: the content as it is.
 */
export function SensitiveCover({
  sensitive,
  compact = false,
  children,
}: {
  sensitive: boolean;
  compact?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('community');
  const [shown, setShown] = useState(false);
  if (!sensitive || shown) return <>{children}</>;
  return (
    <div
      className={`mt-3 flex flex-col items-start gap-2 rounded-xl border border-stone-300 bg-stone-100 ${compact ? 'p-3' : 'p-4 sm:flex-row sm:items-center sm:justify-between'}`}
    >
      <div>
        <p className="text-sm font-semibold text-stone-900">{t('moderation.sensitive')}</p>
        <p className="text-sm text-stone-700">{t('moderation.sensitiveText')}</p>
      </div>
      <Button size="sm" variant="outline" onClick={() => setShown(true)}>
        {t('moderation.reveal')}
      </Button>
    </div>
  );
}
