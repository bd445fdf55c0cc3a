/**
 * Money as people read it: integer minor units (centavos) in a currency, in the reader's locale,
 * with the narrow symbol ("R$ 159,90", "$15.00"). One formatter for every screen and mail.
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(
    cents / 100,
  );
}

/** Cents as the decimal a person would type in their locale: 2500 → "25,00" (pt-BR) or "25.00" (en-US). */
export function formatAmountInput(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
}
