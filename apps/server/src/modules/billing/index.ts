/** The billing module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { requireFeature } from './access.ts';
export { cancelForClosedAccount } from './checkout.ts';
export { billingJobs } from './jobs.ts';
export { findPlan, findSubscription, listPublicPlans, lockSubscription, type PlanRow } from './repository.ts';
export { billingAdminRoutes, billingRoutes } from './routes.ts';
export { seedPlans } from './seed.ts';
export { startTrial, subscriptionState, subscriptionStatus } from './service.ts';
export { subscribeBilling } from './provider-sync.ts';
