import { useTranslation } from 'react-i18next';

/** The loading indicator for lazy screens and checks. */
export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center p-8 ${className}`}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
      />
      <span className="sr-only">{label ?? t('loading', { defaultValue: 'Carregando…' })}</span>
    </div>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
