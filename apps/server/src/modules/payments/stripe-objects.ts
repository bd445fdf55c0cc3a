/**
 * The parts of Stripe's objects the webhook handler reads, as both Stripe and the local
 * provider send them. Fields moved between API versions (a subscription's period moved onto its
 * items; an invoice's subscription moved under `parent`), so each reader accepts both places.
 */

type Id = string | { id: string } | null | undefined;
export type Metadata = Record<string, string> | null | undefined;

export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

export interface SubscriptionLike {
  id: string;
  object?: string;
  customer: Id;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  metadata?: Metadata;
  current_period_end?: number | null;
  items?: { data?: Array<{ current_period_end?: number; price?: { id?: string } | null }> };
}

export interface InvoiceLike {
  id: string;
  customer: Id;
  amount_paid?: number;
  next_payment_attempt?: number | null;
  subscription?: Id;
  parent?: { subscription_details?: { subscription?: Id; metadata?: Metadata } | null } | null;
  lines?: {
    data?: Array<{
      period?: { start?: number; end?: number };
      price?: { id?: string } | null;
      pricing?: { price_details?: { price?: Id } | null } | null;
    }>;
  };
  period_end?: number;
}

export interface CheckoutSessionLike {
  id: string;
  mode: string;
  payment_status?: string;
  status?: string | null;
  customer?: Id;
  subscription?: Id;
  client_reference_id?: string | null;
  metadata?: Metadata;
}

export function idOf(v: Id): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : (v.id ?? null);
}

/** The end of the current period (seconds): on the items since 2025, on the subscription before. */
export function subscriptionPeriodEnd(sub: Pick<SubscriptionLike, 'current_period_end' | 'items'>): number | null {
  const ends = (sub.items?.data ?? [])
    .map((i) => i.current_period_end)
    .filter((n): n is number => typeof n === 'number');
  if (ends.length) return Math.min(...ends);
  return typeof sub.current_period_end === 'number' ? sub.current_period_end : null;
}

export function subscriptionPriceId(sub: SubscriptionLike): string | null {
  return sub.items?.data?.[0]?.price?.id ?? null;
}

export function invoiceSubscriptionId(inv: InvoiceLike): string | null {
  return idOf(inv.parent?.subscription_details?.subscription) ?? idOf(inv.subscription);
}

export function invoiceMetadata(inv: InvoiceLike): Record<string, string> {
  return inv.parent?.subscription_details?.metadata ?? {};
}

/** The end of the period the invoice pays for (seconds). */
export function invoicePeriodEnd(inv: InvoiceLike): number | null {
  const ends = (inv.lines?.data ?? []).map((l) => l.period?.end).filter((n): n is number => typeof n === 'number');
  return ends.length ? Math.max(...ends) : null;
}

export function invoicePriceId(inv: InvoiceLike): string | null {
  const line = inv.lines?.data?.[0];
  return idOf(line?.pricing?.price_details?.price) ?? line?.price?.id ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A metadata value that should be one of our uuids, or null. */
export function metaUuid(meta: Metadata, key: string): string | null {
  const v = meta?.[key];
  return typeof v === 'string' && UUID.test(v) ? v : null;
}
