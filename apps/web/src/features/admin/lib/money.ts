import { formatAmountInput } from '@candeia/shared/money';
import { parseAmountToCents } from '@candeia/shared/schemas/billing';

export { formatMoney } from '@candeia/shared/money';

export function formatCount(n: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(n);
}

/** Cents as the decimal an admin would type: 15990 → "159,90" (pt-BR) or "159.90" (en-US). */
export const centsToInput = formatAmountInput;

/** A typed price ("159,90", "0", "1.234,56") in cents, or null. */
export function priceToCents(typed: string): number | null {
  return parseAmountToCents(typed);
}

/** A typed whole number of credits, with or without thousands separators ("250.000", "250,000"), or null. */
export function parseCredits(typed: string): number | null {
  const s = typed.trim();
  if (!/^\d{1,3}([.,\s]\d{3})*$/.test(s) && !/^\d+$/.test(s)) return null;
  const n = Number(s.replace(/[.,\s]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** A fresh idempotency key: one per opened form, so a repeated submit has the same effect once. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
