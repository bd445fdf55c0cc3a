/** The referrals module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { referralRoutes } from './routes.ts';
export { applySignupReferral, payReferrer, referralIneligibility, subscribeReferrals } from './service.ts';
