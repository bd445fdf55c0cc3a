/**
 * Payments: the providers (Stripe, and the built-in test provider), checkouts, and the one
 * webhook entry. What the provider says becomes domain events (lib/domain-events.ts):
 * payment.succeeded, payment.failed, payment.subscription_changed. Payments imports no other
 * business module; billing, donations and referrals react to its events.
 */
export {
  activeProviderName,
  addMonth,
  checkoutProviderName,
  MIN_TRIAL_END_MS,
  paymentProvider,
  paymentsMode,
  providerOfSubscription,
  testCheckoutEnabled,
  type CheckoutPlan,
  type CheckoutResult,
  type PaymentProvider,
  type ProviderName,
} from './provider.ts';
export { mapStripeStatus } from './events.ts';
export { handleWebhook, WEBHOOK_TOLERANCE_S } from './webhook.ts';
export {
  CHECKOUT_TTL_MS,
  deliverPending,
  localCheckoutUrl,
  localPay,
  localProviderSweep,
  PAYER_COOKIE,
  payerCookieOptions,
  payerTokenOf,
  successUrl,
} from './local-provider.ts';
export {
  expireLocalCheckouts,
  findCheckout,
  insertCheckout,
  updateCheckout,
  type CheckoutRow,
  type NewCheckout,
} from './repository.ts';
export { localPayRoutes, webhookRoutes } from './routes.ts';
export { newCheckoutId } from './provider-base.ts';
