import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on loopback (the `oidc-provider` package), for the social
 * sign-in's tests. Its sign-in page is a plain form: the account's id, then straight back to the
 * client with a code (consent granted).
 */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

const page = (uid: string) => `<!doctype html><html lang="en"><head><title>Test provider</title></head><body>
<form method="post" action="/interaction/${uid}"><label>Account <input name="login" autofocus></label>
<button type="submit">Continue</button></form></body></html>`;

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

export async function startLocalOidc(redirectUris: string[], port = 0): Promise<LocalOidc> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'candeia-test';
  const clientSecret = 'candeia-test-secret-0123456789abcdef';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const p = newProvider(issuer, clientId, clientSecret, redirectUris, accounts);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const m = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!m) return p.callback()(req, res);
    void (async () => {
      try {
        if (req.method === 'GET') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(page(m[1]!));
        }
        const form = await readForm(req);
        const accountId = form.get('login') ?? '';
        const details = await p.interactionDetails(req, res);
        if (!accounts.has(accountId)) {
          return await p.interactionFinished(req, res, { error: 'access_denied' }, { mergeWithLastSubmission: false });
        }
        const grant = new p.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await p.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    })();
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function newProvider(
  issuer: string,
  clientId: string,
  clientSecret: string,
  redirectUris: string[],
  accounts: Map<string, TestAccount>,
): Provider {
  return new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, id) {
      const a = accounts.get(id);
      if (!a) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...a }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // The e-mail and the name in the ID token, as Google's and Apple's are.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['candeia-test-provider-cookie-key'] },
  });
}
