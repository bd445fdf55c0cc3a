/**
 * What the route-walking tests (guards, requests) need to know about each route. When a route
 * is added, the walking tests fail until it is classified here: that is the point.
 */

/** The routes anyone may call without a session; every other /api route needs one. */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/plans',
  'GET /api/config/public',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password-reset/request',
  'POST /api/auth/password-reset/confirm',
  // The mailed verification token is the capability (the link may be opened in another browser).
  'POST /api/auth/verify-email',
  // Social sign-in (decision 032): which providers exist, the round trip, and the step after it,
  // whose capability is the browser's sign-in cookie (the provider's verified answer).
  'GET /api/auth/providers',
  'GET /api/auth/oauth/:provider/start',
  'GET /api/auth/oauth/:provider/callback',
  'POST /api/auth/oauth/:provider/callback',
  'GET /api/auth/oauth/pending',
  'POST /api/auth/oauth/signup',
  'POST /api/auth/oauth/link',
  'POST /api/contact',
  // Billing: the checkout id is a capability; the local payment form; Stripe's signed webhook; donations.
  'GET /api/billing/checkout-sessions/:id',
  'POST /api/billing/local/pay',
  'POST /api/webhooks/stripe',
  'POST /api/donations',
  // Sacred texts are public content (the /bible screen is gated; the reader's own data is not public).
  'GET /api/scripture/catalogue',
  'GET /api/scripture/texts/:textId/books',
  'GET /api/scripture/texts/:textId/books/:book/chapters/:chapter',
  // A shared community post opens signed out too, read only (its comments with it).
  'GET /api/community/posts/:id',
  'GET /api/community/posts/:id/media/:mediaId/:variant',
  'GET /api/community/posts/:id/comments',
  // The site's alerts (the banner): everyone's to anyone; a member also gets the members' ones.
  'GET /api/alerts',
]);

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
