import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../types.ts';
import { refundStaleReservations } from '../credits/index.ts';
import { expireLocalCheckouts, localProviderSweep } from '../payments/index.ts';
import { subscriptionHousekeeping } from './service.ts';

/**
 * The billing share of the periodic work (the `billing-housekeeping` job, every minute: jobs.ts):
 * the local provider's renewals and period ends (what Stripe does on its own), trials that ended,
 * cancellations whose period ended, reservations held past their time (refunded), and local
 * checkouts past their 24 h (expired).
 */
export async function billingHousekeeping(deps: Deps, log?: FastifyBaseLogger): Promise<void> {
  const now = deps.clock.now();
  await localProviderSweep(deps, log);
  await subscriptionHousekeeping(deps);
  await refundStaleReservations(deps.db, now);
  await expireLocalCheckouts(deps.db, now);
}
