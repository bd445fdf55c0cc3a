import { z } from 'zod';
import { CREDIT_GRANT_MAX, PLAN_FEATURES } from '../constants.ts';
import type { PlanDto } from './subscription.ts';

/**
 * Billing API contract (issue: Billing). Routes under /api. Amounts are integer minor units
 * (centavos of BRL). Validation messages are i18n keys of the `validation` namespace.
 */

export const BV = {
  donationAmount: 'validation:donation.amount',
  planRequired: 'validation:plan.required',
  cardNumber: 'validation:card.number',
  cardExpiry: 'validation:card.expiry',
  cardCvc: 'validation:card.cvc',
  cardName: 'validation:card.name',
  creditsAmount: 'validation:credits.amount',
  planName: 'validation:plan.name',
  planPrice: 'validation:plan.price',
  planCredits: 'validation:plan.credits',
} as const;

/** Donation bounds (SPEC.md leaves them open): R$ 1,00 to R$ 100.000,00. */
export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 10_000_000;
/** Quick-pick amounts on /donations, in cents. */
export const DONATION_PRESETS_CENTS = [1000, 2500, 5000, 10000] as const;

/** Local provider test cards (PRODUCT.md "Payments"). */
export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

/**
 * How this server takes payments (GET /api/config/public `payments`): Stripe, the built-in test
 * checkout (/testes-stripe), or not at all (checkouts answer PAYMENTS_NOT_CONFIGURED).
 */
export type PaymentsMode = 'stripe' | 'test' | 'off';

// ---------- Subscriptions ----------
/** POST /api/billing/checkout — start a subscription checkout for a plan. */
export const checkoutSchema = z.strictObject({ planId: z.uuid({ error: BV.planRequired }) });
export interface CheckoutDto {
  /** Where to send the browser: Stripe Checkout, or /testes-stripe?session=… for the local provider. */
  url: string;
  sessionId: string;
}

/** POST /api/billing/cancel — cancel at period end (no fee). POST /api/billing/resume undoes it. */
export interface CancelDto {
  cancelAtPeriodEnd: boolean;
  /** ISO end of the paid period; access lasts until then. */
  currentPeriodEnd: string | null;
}

/** POST /api/billing/portal — Stripe Customer Portal (card changes); local provider: /subscription. */
export interface PortalDto {
  url: string;
}

/** Extra subscription facts for /subscription (GET /api/billing/subscription). */
export interface BillingDetailsDto {
  /** Where new payments go; null when payments are not configured (no Stripe, test checkout off). */
  provider: 'stripe' | 'local' | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  /** True when the user has a paid (non-free) subscription managed by a provider. */
  hasPaidSubscription: boolean;
  /**
   * The trial ended unpaid and the user was moved to the free plan; show the notice once, then
   * POST /api/billing/trial-notice/seen (→ { ok: true }) clears it.
   */
  trialEndedNotice: boolean;
}

// ---------- Checkout sessions (both /checkout/success and /testes-stripe read them) ----------
/** GET /api/billing/checkout-sessions/:id (public: the id is an unguessable capability). */
export interface CheckoutSessionDto {
  id: string;
  kind: 'subscription' | 'donation';
  /** open: waiting for payment; complete: webhook-confirmed; failed: declined; expired. */
  status: 'open' | 'complete' | 'failed' | 'expired';
  amountCents: number;
  currency: string;
  planName: string | null;
  /** After completion, for a subscription: the confirmed state. */
  subscription: { planName: string; status: string; creditsRemaining: number } | null;
  /** Error code of the last failed attempt (e.g. PAYMENT_DECLINED). */
  lastError: string | null;
}

/** POST /api/billing/local/pay (local provider only; public) — the /testes-stripe form. */
export const localPaySchema = z.strictObject({
  sessionId: z.string().min(1).max(200),
  cardNumber: z
    .string({ error: BV.cardNumber })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, BV.cardNumber)),
  expiry: z
    .string({ error: BV.cardExpiry })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, BV.cardExpiry),
  cvc: z
    .string({ error: BV.cardCvc })
    .trim()
    .regex(/^\d{3,4}$/, BV.cardCvc),
  name: z.string({ error: BV.cardName }).trim().min(1, BV.cardName).max(100, BV.cardName),
});
export type LocalPayInput = z.input<typeof localPaySchema>;
export interface LocalPayDto {
  status: 'complete' | 'failed';
  /** Where to go next on success (the success URL). */
  redirectUrl: string | null;
  error: string | null;
}

// ---------- Credits ----------
/**
 * Credits granted with the sign-up trial, so the chat can really be tried (PRODUCT.md leaves it
 * open; decision 017): at least 40 answers of the built-in guide even at its longest
 * (GUIDE_ANSWER_TOKENS_MAX), over a hundred typical ones.
 */
export const TRIAL_CREDITS = 15_000;

/** Every `kind` a ledger entry can have. */
export const LEDGER_KINDS = [
  'trial',
  'plan_period',
  'referral_signup',
  'referral_reward',
  'admin_grant',
  'spend',
  'reserve',
  'reserve_refund',
  'plan_reset',
  /** A consultation booked (taken at booking), and given back when it is cancelled in time. */
  'consultation',
  'consultation_refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Credit amounts are whole JS numbers up to CREDIT_BALANCE_MAX (64-bit in the database, decision 010). */
export interface CreditBalanceDto {
  balance: number;
}
export interface LedgerEntryDto {
  id: string;
  delta: number;
  balanceAfter: number;
  /** A LEDGER_KINDS value, or, for a reservation's rows taken together, a RESERVATION_LINE_KINDS one. */
  kind: string;
  reference: string | null;
  createdAt: string;
  /**
   * Only on a reservation's line: 'held' (the answer is being written; the amount is what is
   * held), 'committed' (the amount is what it cost) or 'refunded' (nothing was taken).
   */
  settlement?: 'held' | 'committed' | 'refunded';
}
/**
 * The kinds of the credit history's reservation lines: a chat answer (its hold and the return of
 * what it did not use, as one line with its cost), or another reservation.
 */
export const RESERVATION_LINE_KINDS = ['chat_answer', 'reservation'] as const;
/**
 * GET /api/credits/ledger?page — the credit history, newest first, LEDGER_PAGE_SIZE lines per
 * page: one line per ledger row, except a reservation's rows, which are one line.
 */
export const LEDGER_PAGE_SIZE = 20;
export const ledgerQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export interface LedgerPageDto {
  items: LedgerEntryDto[];
  total: number;
  page: number;
  pageSize: number;
}

// ---------- Donations ----------
/** POST /api/donations (public). amountCents from the form's decimal input. */
export const donationSchema = z.strictObject({
  amountCents: z
    .number({ error: BV.donationAmount })
    .int(BV.donationAmount)
    .min(DONATION_MIN_CENTS, BV.donationAmount)
    .max(DONATION_MAX_CENTS, BV.donationAmount),
  /** Optional e-mail for the receipt when not signed in. */
  email: z.string().max(254).optional(),
});
export type DonationInput = z.input<typeof donationSchema>;

/** Parses a typed amount ("50", "50,00", "1.234,56", "12.5") into cents, or null when invalid. */
export function parseAmountToCents(input: string): number | null {
  const s = input.trim().replace(/\s/g, '').replace(/^R\$/i, '');
  if (!/^\d{1,3}([.,]?\d{3})*([.,]\d{1,2})?$/.test(s) && !/^\d+([.,]\d{1,2})?$/.test(s)) return null;
  const lastSep = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  const decimals = lastSep >= 0 && s.length - lastSep - 1 <= 2 ? s.length - lastSep - 1 : 0;
  const digits = s.replace(/[.,]/g, '');
  const value = Number(digits) * (decimals === 0 ? 100 : decimals === 1 ? 10 : 1);
  return Number.isSafeInteger(value) ? value : null;
}

export interface DonationDto {
  id: string;
  amountCents: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  email: string | null;
  userId: string | null;
  createdAt: string;
  paidAt: string | null;
}

// ---------- Referrals ----------
/** GET /api/referrals */
export interface ReferralOverviewDto {
  eligible: boolean;
  /** Why not eligible: 'trial' | 'paid_trial' | 'inactive' | 'free_plan' | 'not_in_plan'. */
  reason: string | null;
  code: string;
  /** Absolute sign-up link with ?ref=CODE. */
  link: string;
  referred: { firstName: string; joinedAt: string; rewarded: boolean }[];
  /** Rewards for people the member referred (their first payment), newest first. */
  rewards: { credits: number; createdAt: string; kind: 'first_payment' }[];
  /** The sum of `rewards`: credits earned by referring, never the member's own sign-up bonus. */
  totalCredits: number;
  /** The member's current plan (slug and stored name), if any. */
  plan: { slug: string | null; name: string } | null;
  /** The public paid plans that include the referral programme, cheapest first. */
  plansWithProgram: { slug: string | null; name: string }[];
}

// ---------- Admin ----------
const featuresSchema = z.union([
  z.array(z.string().max(100)).max(50),
  z.partialRecord(z.enum(PLAN_FEATURES), z.boolean()),
]);
export const planInputSchema = z.strictObject({
  slug: z
    .string()
    .max(50)
    .regex(/^[a-z0-9-]+$/)
    .nullable()
    .optional(),
  name: z.string().trim().min(1, BV.planName).max(100, BV.planName),
  description: z.string().max(1000).nullable().optional(),
  credits: z
    .number({ error: BV.planCredits })
    .int(BV.planCredits)
    .min(0, BV.planCredits)
    .max(100_000_000, BV.planCredits),
  monthlyPriceCents: z
    .number({ error: BV.planPrice })
    .int(BV.planPrice)
    .min(0, BV.planPrice)
    .max(100_000_000, BV.planPrice),
  features: featuresSchema,
  stripePriceId: z.string().max(200).nullable().optional(),
  isActive: z.boolean(),
  isPublic: z.boolean(),
});
export type PlanInput = z.input<typeof planInputSchema>;

/** A plan as the admin sees it (GET/POST/PUT /api/admin/plans): with its Stripe price id. */
export interface AdminPlanDto extends PlanDto {
  stripePriceId: string | null;
}

export const adminSubscriptionsQuerySchema = z.strictObject({
  status: z.string().max(32).optional(),
  q: z.string().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export interface AdminSubscriptionRow {
  userId: string;
  email: string;
  firstName: string;
  planName: string | null;
  status: string | null;
  isTrial: boolean;
  creditsRemaining: number;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  updatedAt: string;
}

export const adminDonationsQuerySchema = z.strictObject({
  status: z.enum(['pending', 'paid', 'failed']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const grantCreditsSchema = z.strictObject({
  userId: z.uuid(),
  amount: z
    .number({ error: BV.creditsAmount })
    .int(BV.creditsAmount)
    .min(1, BV.creditsAmount)
    .max(CREDIT_GRANT_MAX, BV.creditsAmount),
  reason: z.string().trim().max(200).optional(),
  /** Idempotency key from the form, so a double submit grants once. */
  idempotencyKey: z.string().min(8).max(100),
});
/** POST /api/admin/credits/grant answer: the ledger entry (the first one on a repeat) and the balance. */
export interface GrantCreditsDto {
  entry: LedgerEntryDto;
  balance: number;
}
