/** Money of a plan: minor units (centavos) in the plan's currency, in the reader's locale. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(
    cents / 100,
  );
}

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

/** Cents as the decimal a person would type in their locale: 2500 → "25,00" (pt-BR) or "25.00" (en-US). */
export function formatAmountInput(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
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
