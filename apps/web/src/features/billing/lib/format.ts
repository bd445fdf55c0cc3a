/** Money (packages/shared/src/money.ts): minor units in the plan's currency, in the reader's locale. */
export { formatAmountInput, formatMoney } from '@candeia/shared/money';

export function formatNumber(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** A date in Brazilian format, dd/mm/aaaa (SPEC.md §2, blocked-access screen). */
export function formatDateBR(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}

/** A day as digits in the reader's locale: dd/mm/aaaa in pt-BR and es-ES, mm/dd/yyyy in en-US. */
export function formatDateNumeric(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

/**
 * Where the API sends the browser next: our own paths (the local provider's /testes-stripe,
 * /checkout/success) stay in the app; anything else (Stripe Checkout, the Customer Portal)
 * is a full navigation. Returns the in-app path, or null for an external address.
 */
export function inAppPath(url: string, origin: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const u = new URL(url);
    return u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : null;
  } catch {
    return null;
  }
}
