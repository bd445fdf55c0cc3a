import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_COOKIE } from '@candeia/shared/constants';
import { createTestApp, sessionCookie, type TestApp } from './support/app.ts';
import { insertUser, setSubscriptionStatus, uniqueIp } from './support/factories.ts';
import { startLocalOidc, type LocalOidc } from './support/oidc-provider.ts';

const APP_URL = 'http://localhost:3000';
let t: TestApp;
let op: LocalOidc;

beforeAll(async () => {
  op = await startLocalOidc([`${APP_URL}/api/auth/oauth/oidc/callback`]);
  t = await createTestApp({
    APP_URL,
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
    OIDC_NAME: 'Provedor Local',
    ADMIN_EMAILS: 'pastora@example.com',
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const cookieValue = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((k) => k.name === name);
  return c ? `${name}=${c.value}` : null;
};

/** How the provider sends the browser back: a redirect here, or (form_post) a form posted here. */
interface ProviderAnswer {
  path: string;
  form?: Record<string, string>;
}

const unescapeHtml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|#39);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });

/**
 * The provider's side in a browser: the sign-in form for `accountId`, up to the redirect back here
 * or, for a form_post answer, the page whose form the browser would post here.
 */
async function providerAnswer(authUrl: string, accountId: string): Promise<ProviderAnswer> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (res.status === 200 && /\/interaction\//.test(url)) {
      method = 'POST';
      body = new URLSearchParams({ login: accountId }).toString();
      continue;
    }
    if (res.status === 200) {
      const html = await res.text();
      const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`provider answered 200 without a form at ${url}: ${html}`);
      const target = unescapeHtml(action);
      if (!target.startsWith(APP_URL)) throw new Error(`the provider's form posts to ${target}`);
      const form: Record<string, string> = {};
      for (const m of html.matchAll(/<input[^>]*\sname="([^"]+)"[^>]*\svalue="([^"]*)"/g))
        form[unescapeHtml(m[1]!)] = unescapeHtml(m[2]!);
      return { path: target.slice(APP_URL.length), form };
    }
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(APP_URL)) return { path: next.slice(APP_URL.length) };
    url = next;
    method = 'GET';
    body = undefined;
  }
  throw new Error('too many redirects at the provider');
}

/** The provider's redirect back here (the query response mode). */
async function atProvider(authUrl: string, accountId: string): Promise<string> {
  const answer = await providerAnswer(authUrl, accountId);
  if (answer.form) throw new Error('the provider answered by a form POST, not a redirect');
  return answer.path;
}

interface Round {
  flow: string;
  callback: string;
  ip: string;
}

/** Start here (optionally as a signed-in member), sign in at the provider, and come back with the code. */
async function roundTrip(accountId: string, opts: { cookie?: string; intent?: 'link' } = {}): Promise<Round> {
  const ip = uniqueIp();
  const start = await t.request({
    url: `/api/auth/oauth/oidc/start${opts.intent ? '?intent=link' : ''}`,
    cookie: opts.cookie ?? null,
    remoteAddress: ip,
  });
  expect(start.statusCode, start.body).toBe(303);
  const flow = cookieValue(start, SOCIAL_COOKIE)!;
  expect(flow).toBeTruthy();
  const authUrl = new URL(start.headers.location as string);
  expect(authUrl.origin).toBe(op.issuer);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('state')).toBeTruthy();
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();
  return { flow, callback: await atProvider(authUrl.href, accountId), ip };
}

function callback(r: Round, overrides: { url?: string; cookie?: string } = {}) {
  return t.request({ url: overrides.url ?? r.callback, cookie: overrides.cookie ?? r.flow, remoteAddress: r.ip });
}

let seq = 0;
function account(overrides: Partial<{ email: string; email_verified: boolean }> = {}) {
  seq += 1;
  const id = `sub-${seq}`;
  op.accounts.set(id, {
    email: `social${seq}@example.com`,
    email_verified: true,
    given_name: 'Maria',
    family_name: 'Clara',
    ...overrides,
  });
  return { id, email: op.accounts.get(id)!.email };
}

const completeBody = {
  firstName: 'Maria',
  lastName: 'Clara',
  country: 'Brasil',
  birthDate: '1990-05-01',
  acceptTerms: true,
};

async function signUpThrough(accountId: string, body: object = completeBody) {
  const r = await roundTrip(accountId);
  const cb = await callback(r);
  expect(cb.statusCode).toBe(303);
  expect(cb.headers.location).toBe('/signup/social');
  const done = await t.request({ method: 'POST', url: '/api/auth/oauth/signup', cookie: r.flow, payload: body });
  return { r, done };
}

describe('providers', () => {
  it('lists only the configured providers', async () => {
    const res = await t.request({ url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [{ id: 'oidc', name: 'Provedor Local' }] });
    expect((await t.request({ url: '/api/auth/oauth/google/start' })).headers.location).toBe(
      '/login?social_error=not_configured',
    );
  });

  it('Apple: answers by a form POST, and its client secret is a short ES256 JWT signed with the team’s key', async () => {
    const { generateKeyPairSync, verify } = await import('node:crypto');
    const { loadConfig } = await import('../src/config.ts');
    const { appleClientSecret, configuredProviders } = await import('../src/modules/auth/social-providers.ts');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // As a one-line environment variable, with `\n` for the line breaks.
    const config = loadConfig({
      APPLE_CLIENT_ID: 'app.candeia.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY7654321',
      APPLE_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    } as NodeJS.ProcessEnv);
    const apple = configuredProviders(config).find((p) => p.id === 'apple')!;
    expect(apple).toMatchObject({ name: 'Apple', formPost: true, clientId: 'app.candeia.web' });
    expect(apple.issuer.href).toBe('https://appleid.apple.com/');

    const now = Date.parse('2026-11-25T12:00:00Z');
    const jwt = appleClientSecret(config, now);
    const [head, body, sig] = jwt.split('.') as [string, string, string];
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
    expect(decode(head)).toEqual({ alg: 'ES256', kid: 'KEY7654321', typ: 'JWT' });
    expect(decode(body)).toEqual({
      iss: 'TEAM123456',
      iat: now / 1000,
      exp: now / 1000 + 300,
      aud: 'https://appleid.apple.com',
      sub: 'app.candeia.web',
    });
    const signed = Buffer.from(`${head}.${body}`);
    const signature = Buffer.from(sig, 'base64url');
    expect(signature).toHaveLength(64);
    expect(verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true);
    expect(verify('sha256', Buffer.from(`${head}.x`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(
      false,
    );
  });

  it('a half-configured provider stops the server with a clear message', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x' } as NodeJS.ProcessEnv)).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
});

describe('first sign-in: the sign-up', () => {
  it('creates the account from the verified address, with the trial and the referral', async () => {
    const a = account();
    const r = await roundTrip(a.id);
    const cb = await callback(r);
    expect(cb.statusCode).toBe(303);
    expect(cb.headers.location).toBe('/signup/social');
    expect(sessionCookie(cb)).toBeNull();

    const pending = await t.request({ url: '/api/auth/oauth/pending', cookie: r.flow });
    expect(pending.json()).toEqual({
      step: 'signup',
      provider: { id: 'oidc', name: 'Provedor Local' },
      email: a.email,
      firstName: 'Maria',
      lastName: 'Clara',
    });

    // What the form lacks is a field error, and the step survives it.
    const bad = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/signup',
      cookie: r.flow,
      payload: { ...completeBody, acceptTerms: false, birthDate: '2020-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['acceptTerms', 'birthDate']));
    // The address is the provider's: the browser cannot send its own.
    const smuggled = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/signup',
      cookie: r.flow,
      payload: { ...completeBody, email: 'other@example.com' },
    });
    expect(smuggled.statusCode).toBe(400);

    // A referral code is checked as at any sign-up, and its error keeps the step.
    const badCode = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/signup',
      cookie: r.flow,
      payload: { ...completeBody, referralCode: 'REF-ZZZZZZZZ' },
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields.referralCode).toBeTruthy();
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/signup',
      cookie: r.flow,
      payload: completeBody,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const user = ok.json().user;
    expect(user).toMatchObject({ email: a.email, firstName: 'Maria', emailVerified: true, role: 'user' });
    const cookie = sessionCookie(ok)!;
    expect((await t.request({ url: '/api/profile', cookie })).statusCode).toBe(200);
    const [sub] = await t.query<{ is_trial: boolean; status: string }>(
      'SELECT is_trial, status FROM user_subscriptions WHERE user_id = $1',
      [user.id],
    );
    expect(sub).toMatchObject({ is_trial: true });
    const [row] = await t.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(row!.password_hash).toBe('');
    const events = await t.query<{ type: string; details: string }>(
      'SELECT type, details FROM security_events WHERE user_id = $1 ORDER BY id',
      [user.id],
    );
    expect(events).toContainEqual({ type: 'signup', details: 'social:oidc' });

    // The step is spent: a second submit finds nothing.
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/signup',
      cookie: r.flow,
      payload: completeBody,
    });
    expect(again.statusCode).toBe(410);

    // Next time the provider signs the member in, as a password would.
    const r2 = await roundTrip(a.id);
    const cb2 = await callback(r2);
    expect(cb2.headers.location).toBe('/start');
    const c2 = sessionCookie(cb2)!;
    expect((await t.request({ url: '/api/profile', cookie: c2 })).json().id).toBe(user.id);
    const logins = await t.query<{ type: string; details: string }>(
      `SELECT type, details FROM security_events WHERE user_id = $1 AND type = 'login_success'`,
      [user.id],
    );
    expect(logins).toEqual([{ type: 'login_success', details: 'social:oidc' }]);
    // No password: the password sign-in refuses it like a wrong one.
    const pw = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: 'Candeia-dummy-password-1!' },
      remoteAddress: uniqueIp(),
    });
    expect(pw.statusCode).toBe(401);
  });

  it('an address in ADMIN_EMAILS becomes administrator, as a verified address does', async () => {
    const a = account({ email: 'pastora@example.com' });
    const { done } = await signUpThrough(a.id);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().user.role).toBe('admin');
  });

  it('an unverified provider address is never trusted', async () => {
    const a = account({ email_verified: false });
    const r = await roundTrip(a.id);
    const cb = await callback(r);
    expect(cb.headers.location).toBe('/login?social_error=email_unverified');
    expect(sessionCookie(cb)).toBeNull();
    expect((await t.query('SELECT 1 FROM users WHERE email = $1', [a.email])).length).toBe(0);
    expect((await t.request({ url: '/api/auth/oauth/pending', cookie: r.flow })).statusCode).toBe(410);
  });
});

describe('the round trip refuses what was tampered with', () => {
  it('a tampered state', async () => {
    const a = account();
    const r = await roundTrip(a.id);
    const url = new URL(r.callback, APP_URL);
    url.searchParams.set('state', 'tampered-state');
    const cb = await callback(r, { url: `${url.pathname}${url.search}` });
    expect(cb.headers.location).toBe('/login?social_error=failed');
    expect(sessionCookie(cb)).toBeNull();
  });

  it('a tampered code', async () => {
    const a = account();
    const r = await roundTrip(a.id);
    const url = new URL(r.callback, APP_URL);
    url.searchParams.set('code', `${url.searchParams.get('code')}x`);
    const cb = await callback(r, { url: `${url.pathname}${url.search}` });
    expect(cb.headers.location).toBe('/login?social_error=failed');
  });

  it('a callback without the browser that started it', async () => {
    const a = account();
    const r = await roundTrip(a.id);
    const cb = await t.request({ url: r.callback, remoteAddress: r.ip });
    expect(cb.headers.location).toBe('/login?social_error=expired');
    const other = await roundTrip(account().id);
    // Another browser's sign-in with this code: its state does not match.
    expect((await callback(r, { cookie: other.flow })).headers.location).toBe('/login?social_error=failed');
  });

  it('a replayed code: the same callback twice, and the code under a new sign-in', async () => {
    const a = account();
    const r = await roundTrip(a.id);
    expect((await callback(r)).statusCode).toBe(303);
    // The same browser again: the sign-in was spent.
    expect((await callback(r)).headers.location).toBe('/login?social_error=expired');
    // A new sign-in, its own state, the old code: the provider refuses the code.
    const r2 = await roundTrip(a.id);
    const old = new URL(r.callback, APP_URL);
    const fresh = new URL(r2.callback, APP_URL);
    fresh.searchParams.set('code', old.searchParams.get('code')!);
    const cb = await callback(r2, { url: `${fresh.pathname}${fresh.search}` });
    expect(cb.headers.location).toBe('/login?social_error=failed');
    expect(sessionCookie(cb)).toBeNull();
  });
});

describe('an address that already has an account', () => {
  it('is linked only after its password, never silently', async () => {
    const owner = await insertUser(t);
    const a = account({ email: owner.email });
    const r = await roundTrip(a.id);
    const cb = await callback(r);
    expect(cb.headers.location).toBe('/login/social');
    expect(sessionCookie(cb)).toBeNull();
    expect((await t.request({ url: '/api/auth/oauth/pending', cookie: r.flow })).json().step).toBe('link');

    // The sign-up cannot take the address either.
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/signup',
      cookie: r.flow,
      payload: completeBody,
    });
    expect(signup.statusCode).toBe(410);

    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/link',
      cookie: r.flow,
      payload: { password: 'Errada@2026' },
      remoteAddress: uniqueIp(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('AUTH_INVALID_CREDENTIALS');
    expect(await t.query('SELECT 1 FROM user_identities WHERE user_id = $1', [owner.user.id])).toHaveLength(0);

    const right = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/link',
      cookie: r.flow,
      payload: { password: owner.password },
      remoteAddress: uniqueIp(),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().user.id).toBe(owner.user.id);
    expect(await t.query('SELECT provider, subject FROM user_identities WHERE user_id = $1', [owner.user.id])).toEqual([
      { provider: 'oidc', subject: a.id },
    ]);

    // Linked: the provider signs in straight away.
    const r2 = await roundTrip(a.id);
    expect((await callback(r2)).headers.location).toBe('/start');
  });

  it('a suspended account or a failed payment is refused through the provider too', async () => {
    const owner = await insertUser(t);
    const a = account();
    await t.query(`INSERT INTO user_identities VALUES ('oidc', $1, $2, $3, now())`, [a.id, owner.user.id, a.email]);
    await setSubscriptionStatus(t, owner.user.id, 'payment_failed');
    expect((await callback(await roundTrip(a.id))).headers.location).toBe('/login?social_error=payment_failed');
    await setSubscriptionStatus(t, owner.user.id, 'active');
    await t.query('UPDATE users SET suspended_at = now() WHERE id = $1', [owner.user.id]);
    expect((await callback(await roundTrip(a.id))).headers.location).toBe('/login?social_error=suspended');
    await t.query(`UPDATE users SET suspended_at = NULL, locked_until = $2 WHERE id = $1`, [
      owner.user.id,
      new Date(t.clock.now().getTime() + 3_600_000),
    ]);
    expect((await callback(await roundTrip(a.id))).headers.location).toBe('/login?social_error=locked');
  });
});

describe('settings: link and unlink', () => {
  it('a member links a provider, and unlinks it while a password remains', async () => {
    const member = await insertUser(t);
    const a = account();
    const r = await roundTrip(a.id, { cookie: member.cookie, intent: 'link' });
    const both = [member.cookie, r.flow].join('; ');
    const cb = await callback(r, { cookie: both });
    expect(cb.headers.location).toBe('/settings?social_linked=oidc');
    const list = await t.request({ url: '/api/auth/identities', cookie: member.cookie });
    expect(list.json()).toMatchObject({
      hasPassword: true,
      identities: [{ provider: 'oidc', email: a.email }],
      providers: [{ id: 'oidc', name: 'Provedor Local' }],
    });
    // Another member cannot link the same provider account.
    const other = await insertUser(t);
    const r2 = await roundTrip(a.id, { cookie: other.cookie, intent: 'link' });
    const cb2 = await callback(r2, { cookie: [other.cookie, r2.flow].join('; ') });
    expect(cb2.headers.location).toBe('/settings?social_error=identity_taken');

    const del = await t.request({ method: 'DELETE', url: '/api/auth/identities/oidc', cookie: member.cookie });
    expect(del.statusCode).toBe(200);
    expect((await t.request({ url: '/api/auth/identities', cookie: member.cookie })).json().identities).toEqual([]);
    const again = await t.request({ method: 'DELETE', url: '/api/auth/identities/oidc', cookie: member.cookie });
    expect(again.statusCode).toBe(404);
  });

  it('a member without a password cannot unlink their only way in', async () => {
    const a = account();
    const { done } = await signUpThrough(a.id);
    const cookie = sessionCookie(done)!;
    const del = await t.request({ method: 'DELETE', url: '/api/auth/identities/oidc', cookie });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('SOCIAL_LAST_WAY_IN');
    expect((await t.request({ url: '/api/auth/identities', cookie })).json()).toMatchObject({
      hasPassword: false,
      identities: [{ provider: 'oidc' }],
    });
  });

  it('a member without a password, with two providers, may unlink one and then not the other', async () => {
    const a = account();
    const { done } = await signUpThrough(a.id);
    const cookie = sessionCookie(done)!;
    const userId = done.json().user.id as string;
    // A second provider linked earlier (Google's account here, as its own sign-in would have linked it).
    await t.query(`INSERT INTO user_identities VALUES ('google', $1, $2, $3, now())`, [`g-${a.id}`, userId, a.email]);
    expect((await t.request({ url: '/api/auth/identities', cookie })).json().identities).toHaveLength(2);
    const first = await t.request({ method: 'DELETE', url: '/api/auth/identities/oidc', cookie });
    expect(first.statusCode, first.body).toBe(200);
    const last = await t.request({ method: 'DELETE', url: '/api/auth/identities/google', cookie });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('SOCIAL_LAST_WAY_IN');
    expect(await t.query('SELECT provider FROM user_identities WHERE user_id = $1', [userId])).toEqual([
      { provider: 'google' },
    ]);
    const events = await t.query<{ details: string }>(
      `SELECT details FROM security_events WHERE user_id = $1 AND type = 'social_identity_unlinked'`,
      [userId],
    );
    expect(events).toEqual([{ details: 'oidc' }]);
  });

  it('linking needs a session, and the session that started it', async () => {
    const res = await t.request({ url: '/api/auth/oauth/oidc/start?intent=link' });
    expect(res.statusCode).toBe(401);
    const member = await insertUser(t);
    const intruder = await insertUser(t);
    const a = account();
    const r = await roundTrip(a.id, { cookie: member.cookie, intent: 'link' });
    // The callback arrives with another member's session: nothing is linked.
    const cb = await callback(r, { cookie: [intruder.cookie, r.flow].join('; ') });
    expect(cb.headers.location).toBe('/settings?social_error=expired');
    expect(await t.query('SELECT 1 FROM user_identities WHERE subject = $1', [a.id])).toHaveLength(0);
  });

  it('the identities are the member’s own: export lists them, deletion erases them', async () => {
    const { USER_REFERENCES } = await import('../src/modules/account/references.ts');
    expect(USER_REFERENCES).toContainEqual(expect.objectContaining({ table: 'user_identities', export: 'owner' }));
  });
});

describe('a provider that answers by a form POST, as Apple does', () => {
  let tf: TestApp;
  beforeAll(async () => {
    tf = await createTestApp(
      {
        APP_URL,
        OIDC_ISSUER: op.issuer,
        OIDC_CLIENT_ID: op.clientId,
        OIDC_CLIENT_SECRET: op.clientSecret,
        OIDC_NAME: 'Provedor Local',
        OIDC_RESPONSE_MODE: 'form_post',
      },
      { sameDatabaseAs: t, workers: false },
    );
  });
  afterAll(async () => {
    await tf?.close();
  });

  /** Start a sign-in on `tf`, and come back with the form the provider's page posts here. */
  async function formRoundTrip(accountId: string) {
    const ip = uniqueIp();
    const start = await tf.request({ url: '/api/auth/oauth/oidc/start', cookie: null, remoteAddress: ip });
    expect(start.statusCode, start.body).toBe(303);
    const flow = cookieValue(start, SOCIAL_COOKIE)!;
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.searchParams.get('response_mode')).toBe('form_post');
    const answer = await providerAnswer(authUrl.href, accountId);
    expect(answer.path).toBe('/api/auth/oauth/oidc/callback');
    expect(answer.form).toMatchObject({ code: expect.any(String), state: authUrl.searchParams.get('state') });
    return { flow, ip, form: answer.form! };
  }

  /**
   * The provider's page posts the form from the provider's site: a cross-site POST, with no
   * SameSite=Lax cookie and the provider's Origin.
   */
  const postForm = (form: Record<string, string>, ip: string) =>
    tf.request({
      method: 'POST',
      url: '/api/auth/oauth/oidc/callback',
      cookie: null,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: op.issuer,
        'sec-fetch-site': 'cross-site',
      },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: ip,
    });

  it('turns the posted answer into the GET that carries the cookie, and takes the first sign-in’s name from beside the token', async () => {
    seq += 1;
    const id = `sub-${seq}`;
    const email = `social${seq}@example.com`;
    // Apple's ID token carries the address, never the name.
    op.accounts.set(id, { email, email_verified: true });
    const r = await formRoundTrip(id);
    const user = JSON.stringify({ name: { firstName: 'Joana', lastName: 'Prado' }, email });
    const post = await postForm({ ...r.form, user }, r.ip);
    expect(post.statusCode, post.body).toBe(303);
    expect(sessionCookie(post)).toBeNull();
    const back = new URL(post.headers.location as string, APP_URL);
    expect(back.pathname).toBe('/api/auth/oauth/oidc/callback');
    expect(back.searchParams.get('code')).toBe(r.form.code);
    expect(back.searchParams.get('user')).toBe(user);

    const cb = await tf.request({ url: `${back.pathname}${back.search}`, cookie: r.flow, remoteAddress: r.ip });
    expect(cb.statusCode).toBe(303);
    expect(cb.headers.location).toBe('/signup/social');
    const pending = await tf.request({ url: '/api/auth/oauth/pending', cookie: r.flow });
    expect(pending.json()).toMatchObject({ step: 'signup', email, firstName: 'Joana', lastName: 'Prado' });
    const done = await tf.request({
      method: 'POST',
      url: '/api/auth/oauth/signup',
      cookie: r.flow,
      payload: { ...completeBody, firstName: 'Joana', lastName: 'Prado' },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().user).toMatchObject({ email, firstName: 'Joana' });

    // Later sign-ins come without the name, and need none.
    const r2 = await formRoundTrip(id);
    expect(r2.form.user).toBeUndefined();
    const post2 = await postForm(r2.form, r2.ip);
    const cb2 = await tf.request({ url: post2.headers.location as string, cookie: r2.flow, remoteAddress: r2.ip });
    expect(cb2.headers.location).toBe('/start');
    expect((await tf.request({ url: '/api/profile', cookie: sessionCookie(cb2)! })).json().id).toBe(
      done.json().user.id,
    );
  });

  it('the name beside the token never replaces the one inside it, and a malformed one is no name', async () => {
    const a = account();
    const r = await formRoundTrip(a.id);
    const post = await postForm({ ...r.form, user: JSON.stringify({ name: { firstName: 'Outro' } }) }, r.ip);
    await tf.request({ url: post.headers.location as string, cookie: r.flow, remoteAddress: r.ip });
    expect((await tf.request({ url: '/api/auth/oauth/pending', cookie: r.flow })).json()).toMatchObject({
      firstName: 'Maria',
      lastName: 'Clara',
    });

    seq += 1;
    const id = `sub-${seq}`;
    op.accounts.set(id, { email: `social${seq}@example.com`, email_verified: true });
    const r2 = await formRoundTrip(id);
    const post2 = await postForm({ ...r2.form, user: '{not json' }, r2.ip);
    const cb2 = await tf.request({ url: post2.headers.location as string, cookie: r2.flow, remoteAddress: r2.ip });
    expect(cb2.headers.location).toBe('/signup/social');
    expect((await tf.request({ url: '/api/auth/oauth/pending', cookie: r2.flow })).json()).toMatchObject({
      firstName: '',
      lastName: '',
    });
  });

  it('the posted answer is tampered with or replayed: refused as a redirect’s would be', async () => {
    const a = account();
    const r = await formRoundTrip(a.id);
    const bad = await postForm({ ...r.form, state: 'tampered-state' }, r.ip);
    const cb = await tf.request({ url: bad.headers.location as string, cookie: r.flow, remoteAddress: r.ip });
    expect(cb.headers.location).toBe('/login?social_error=failed');
    expect(sessionCookie(cb)).toBeNull();
    // The sign-in was spent by that attempt: the real answer, posted again, finds nothing.
    const replay = await postForm(r.form, r.ip);
    const cb2 = await tf.request({ url: replay.headers.location as string, cookie: r.flow, remoteAddress: r.ip });
    expect(cb2.headers.location).toBe('/login?social_error=expired');
  });

  it('a provider that answers by redirect takes no POST, and the name is read only from a posted answer', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/oauth/oidc/callback',
      cookie: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: op.issuer },
      payload: 'code=x&state=y',
    });
    expect(res.statusCode).toBe(404);
    seq += 1;
    const id = `sub-${seq}`;
    op.accounts.set(id, { email: `social${seq}@example.com`, email_verified: true });
    const r = await roundTrip(id);
    const url = new URL(r.callback, APP_URL);
    url.searchParams.set('user', JSON.stringify({ name: { firstName: 'Injetado' } }));
    const cb = await callback(r, { url: `${url.pathname}${url.search}` });
    expect(cb.headers.location).toBe('/signup/social');
    expect((await t.request({ url: '/api/auth/oauth/pending', cookie: r.flow })).json().firstName).toBe('');
  });
});
