import { createPrivateKey, sign } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SocialProvider, SocialProviderId } from '@candeia/shared/schemas/social';
import type { Config } from '../../config.ts';

/**
 * The OpenID Connect providers this server offers (decision 032): Google, Apple and one generic
 * provider, each only when its settings are all there. All three go through the same code; only
 * how the client authenticates (Apple: a JWT signed ES256 by this server) and how the answer comes
 * back (Apple: a form POST) differ.
 */
export interface ProviderSetup {
  id: SocialProviderId;
  name: string;
  issuer: URL;
  clientId: string;
  /** The client's authentication at the token endpoint, made fresh for each exchange. */
  clientAuth: () => oidc.ClientAuth;
  /** Apple answers by a form POST when the e-mail is asked for; the generic provider, when OIDC_RESPONSE_MODE says so. */
  formPost: boolean;
}

const APPLE_SECRET_TTL_S = 300;

/** Apple's client secret: a short-lived JWT signed ES256 with the team's key. */
export function appleClientSecret(config: Config, now = Date.now()): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(now / 1000);
  const head = b64({ alg: 'ES256', kid: config.APPLE_KEY_ID, typ: 'JWT' });
  const body = b64({
    iss: config.APPLE_TEAM_ID,
    iat,
    exp: iat + APPLE_SECRET_TTL_S,
    aud: 'https://appleid.apple.com',
    sub: config.APPLE_CLIENT_ID,
  });
  const key = createPrivateKey(config.APPLE_PRIVATE_KEY!);
  const sig = sign('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${head}.${body}.${sig.toString('base64url')}`;
}

export function configuredProviders(config: Config): ProviderSetup[] {
  const list: ProviderSetup[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    const secret = config.GOOGLE_CLIENT_SECRET;
    list.push({
      id: 'google',
      name: 'Google',
      issuer: new URL('https://accounts.google.com'),
      clientId: config.GOOGLE_CLIENT_ID,
      clientAuth: () => oidc.ClientSecretPost(secret),
      formPost: false,
    });
  }
  if (config.APPLE_CLIENT_ID && config.APPLE_TEAM_ID && config.APPLE_KEY_ID && config.APPLE_PRIVATE_KEY) {
    list.push({
      id: 'apple',
      name: 'Apple',
      issuer: new URL('https://appleid.apple.com'),
      clientId: config.APPLE_CLIENT_ID,
      clientAuth: () => oidc.ClientSecretPost(appleClientSecret(config)),
      formPost: true,
    });
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    const secret = config.OIDC_CLIENT_SECRET;
    list.push({
      id: 'oidc',
      name: config.OIDC_NAME,
      issuer: new URL(config.OIDC_ISSUER),
      clientId: config.OIDC_CLIENT_ID,
      clientAuth: () => oidc.ClientSecretBasic(secret),
      formPost: config.OIDC_RESPONSE_MODE === 'form_post',
    });
  }
  return list;
}

export function publicProviders(config: Config): SocialProvider[] {
  return configuredProviders(config).map((p) => ({ id: p.id, name: p.name }));
}

/** Plain HTTP only for an issuer on this machine (a provider run for the tests or a laptop). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The discovered metadata, fetched once per issuer (a failed discovery is tried again next time). */
const discovered = new Map<string, Promise<oidc.ServerMetadata>>();

/** The provider's client configuration, discovered from its issuer. */
export async function clientFor(p: ProviderSetup): Promise<oidc.Configuration> {
  const key = `${p.issuer.href}|${p.clientId}`;
  let meta = discovered.get(key);
  if (!meta) {
    const insecure = isLoopback(p.issuer);
    meta = oidc
      .discovery(p.issuer, p.clientId, undefined, p.clientAuth(), {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .then((c) => c.serverMetadata());
    discovered.set(key, meta);
    meta.catch(() => discovered.delete(key));
  }
  const config = new oidc.Configuration(await meta, p.clientId, undefined, p.clientAuth());
  if (isLoopback(p.issuer)) oidc.allowInsecureRequests(config);
  config.timeout = 10;
  return config;
}
