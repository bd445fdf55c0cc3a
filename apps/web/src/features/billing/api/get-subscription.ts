/** GET /api/subscription lives with the other shared queries (the chat reads it too). */
export { subscriptionQuery, useSubscription } from '../../../lib/queries/subscription.ts';
