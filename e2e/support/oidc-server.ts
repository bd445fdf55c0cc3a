/**
 * The OpenID Connect provider of the e2e run (playwright.config.ts starts it beside the app): the
 * server tests' loopback provider (apps/server/test/support/oidc-provider.ts) on a fixed port.
 * Any e-mail address typed on its sign-in page is an account with that address verified; the
 * name comes from the address ("ana.souza.1@…" → Ana Souza).
 */
import { startLocalOidc, type TestAccount } from '../../apps/server/test/support/oidc-provider.ts';
import { E2E_FORM_POST_PORT, E2E_OIDC_PORT, E2E_PORT } from './oidc.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isAddress = (id: string) => /^[^\s@]+@[^\s@]+$/.test(id);

const op = await startLocalOidc(
  [E2E_PORT, E2E_FORM_POST_PORT].map((port) => `http://localhost:${port}/api/auth/oauth/oidc/callback`),
  E2E_OIDC_PORT,
);
// Every address is an account of its own: the tests need no step to make them on the provider.
op.accounts.has = (id: string) => isAddress(id);
op.accounts.get = (id: string): TestAccount | undefined => {
  if (!isAddress(id)) return undefined;
  const [given = '', family = ''] = id.split('@')[0]!.split(/[.+_-]/);
  return { email: id, email_verified: true, given_name: capital(given), family_name: capital(family) };
};
console.log(`oidc provider on ${op.issuer}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void op.close().then(() => process.exit(0)));
