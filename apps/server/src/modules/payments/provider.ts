import type { FastifyBaseLogger } from 'fastify';
import { LocalProvider } from './local-provider.ts';
import type { PaymentProvider, ProviderDeps, ProviderName } from './provider-base.ts';
import { StripeProvider } from './stripe-provider.ts';

export * from './provider-base.ts';

/** The provider object for a name: Stripe's SDK, or the built-in test provider. */
export function paymentProvider(deps: ProviderDeps, name: ProviderName, log?: FastifyBaseLogger): PaymentProvider {
  return name === 'stripe' ? new StripeProvider(deps.config, log) : new LocalProvider(deps);
}
