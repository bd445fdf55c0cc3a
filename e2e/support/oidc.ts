/** The e2e run's OpenID Connect provider (e2e/support/oidc-server.ts), on its own port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 8);
export const E2E_OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`;
export const E2E_OIDC_CLIENT_ID = 'candeia-test';
export const E2E_OIDC_CLIENT_SECRET = 'candeia-test-secret-0123456789abcdef';
/** The name on the provider's buttons. */
export const E2E_OIDC_NAME = 'Conta Teste';
/**
 * A second app server on the run's database whose provider answers by a form POST, as Apple's does
 * (OIDC_RESPONSE_MODE=form_post); e2e/social-sign-in-form-post.spec.ts starts it.
 */
export const E2E_FORM_POST_PORT = Number(process.env.E2E_FORM_POST_PORT ?? E2E_PORT + 9);
