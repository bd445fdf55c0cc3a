import { useTranslation } from 'react-i18next';

/**
 * Says in which currency the prices above are, so "R$109.90" or "109,90 R$" is not read as
 * dollars or euros. One line under every list of prices.
 */
export function CurrencyNote({ currencies, className = '' }: { currencies: readonly string[]; className?: string }) {
  const { t } = useTranslation('common');
  const codes = [...new Set(currencies.map((c) => c.toUpperCase()))];
  if (codes.length === 0) return null;
  return (
    <p className={`text-sm text-stone-500 ${className}`}>
      {codes.map((code) => (code === 'BRL' ? t('money.brl') : t('money.other', { code }))).join(' ')}
    </p>
  );
}
