import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@candeia/shared/constants';
import { createTestApp, sessionCookie, sessionToken, type TestApp } from './support/app.ts';
import { insertUser, login, makeSignUp, OTHER_PASSWORD, uniqueIp, type TestUser } from './support/factories.ts';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await insertUser(t);
});
afterAll(async () => t.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const setCookieHeader = (res: LightMyRequestResponse): string => {
  const h = res.headers['set-cookie'];
  const all = Array.isArray(h) ? h : h ? [h] : [];
  const mine = all.filter((c) => c.startsWith('candeia_session='));
  expect(mine).toHaveLength(1);
  return mine[0]!;
};
const attributes = (header: string) =>
  header
    .split(';')
    .slice(1)
    .map((a) => a.trim().split('=')[0]!.toLowerCase());

/** Signs in again and returns the new cookie. */
async function freshSession(user: TestUser = u): Promise<string> {
  const res = await login(t, user.email, user.password);
  expect(res.statusCode).toBe(200);
  return sessionCookie(res)!;
}

const check = (cookie: string) => t.request({ url: '/api/auth/session', cookie, locale: 'en-US' });
const refresh = (cookie: string) =>
  t.request({ method: 'POST', url: '/api/auth/session/refresh', cookie, locale: 'en-US' });
const expired = { error: { code: 'AUTH_SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' } };

describe('SECURITY 8: the session cookie and token', () => {
  it('HttpOnly, SameSite=Lax, Path=/, not Secure on http://localhost; no token in the body', async () => {
    for (const res of [
      await login(t, u.email, u.password),
      await t.request({ method: 'POST', url: '/api/auth/signup', payload: makeSignUp(), remoteAddress: uniqueIp() }),
    ]) {
      const header = setCookieHeader(res);
      const attrs = attributes(header);
      expect(attrs).toContain('httponly');
      expect(header).toMatch(/;\s*SameSite=Lax(;|$)/);
      expect(header).toMatch(/;\s*Path=\/(;|$)/);
      expect(attrs).not.toContain('secure');
      expect(attrs).not.toContain('domain');
      expect(res.body).not.toContain(sessionToken(res)!);
    }
  });

  it.each(['https://candeia.example', 'https://192.168.1.20:8443', 'https://localhost:3000'])(
    'Secure and HSTS when APP_URL is https (%s)',
    async (appUrl) => {
      const https = await createTestApp({ APP_URL: appUrl });
      try {
        const user = await insertUser(https);
        const res = await login(https, user.email, user.password);
        expect(res.statusCode).toBe(200);
        const header = setCookieHeader(res);
        expect(attributes(header)).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite', 'path']));
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        const out = await https.request({ method: 'POST', url: '/api/auth/logout', cookie: sessionCookie(res) });
        expect(attributes(setCookieHeader(out))).toContain('secure');
      } finally {
        await https.close();
      }
    },
  );

  // A browser drops a Secure cookie set over plain http: on a LAN address (HOST=0.0.0.0, README)
  // a Secure cookie would make signing in impossible.
  it.each(['http://192.168.1.20:3000', 'http://candeia.example', 'http://localhost:3000'])(
    'not Secure, no HSTS when APP_URL is plain http (%s): signing in works',
    async (appUrl) => {
      const plain = await createTestApp({ APP_URL: appUrl });
      try {
        const user = await insertUser(plain);
        for (const res of [
          await login(plain, user.email, user.password),
          await plain.request({
            method: 'POST',
            url: '/api/auth/signup',
            payload: makeSignUp(),
            remoteAddress: uniqueIp(),
          }),
        ]) {
          expect(res.statusCode).toBeLessThan(300);
          expect(attributes(setCookieHeader(res))).not.toContain('secure');
          expect(res.headers['strict-transport-security']).toBeUndefined();
          const check = await plain.request({ url: '/api/auth/session', cookie: sessionCookie(res) });
          expect(check.statusCode).toBe(200);
        }
      } finally {
        await plain.close();
      }
    },
  );

  it('the token has ≥ 128 random bits and only its SHA-256 is stored', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push(sessionToken(await login(t, u.email, u.password))!);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const rows = await t.query('SELECT id FROM sessions WHERE token_hash = $1', [sha256(token)]);
      expect(rows).toHaveLength(1);
    }
    const dump = (await t.query<{ j: string }>('SELECT row_to_json(s)::text AS j FROM sessions s'))
      .map((r) => r.j)
      .join('\n');
    for (const token of tokens) expect(dump).not.toContain(token);
  });

  it('a cookie with a made-up or tampered token is not a session', async () => {
    const token = sessionToken(await login(t, u.email, u.password))!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const cookie of [`candeia_session=${tampered}`, `candeia_session=${sha256(token)}`, 'candeia_session=x']) {
      expect((await t.request({ url: '/api/profile', cookie })).statusCode).toBe(401);
    }
  });
});

describe('SECURITY 9: a new session at login; the one presented before dies', () => {
  it('the cookie sent with the login request is revoked on the server', async () => {
    const before = await freshSession();
    expect((await check(before)).statusCode).toBe(200);
    const res = await login(t, u.email, u.password, { cookie: before });
    expect(res.statusCode).toBe(200);
    const after = sessionCookie(res)!;
    expect(after).not.toBe(before);
    expect((await check(before)).statusCode).toBe(401);
    expect((await check(after)).statusCode).toBe(200);
    const [row] = await t.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM sessions WHERE token_hash = $1', [
      sha256(before.split('=')[1]!),
    ]);
    expect(row!.revoked_at).not.toBeNull();
  });

  it('also when the presented session belongs to someone else', async () => {
    const other = await insertUser(t);
    const res = await login(t, u.email, u.password, { cookie: other.cookie });
    expect(res.statusCode).toBe(200);
    expect((await check(other.cookie)).statusCode).toBe(401);
    expect((await check(sessionCookie(res)!)).json().user.id).toBe(u.user.id);
  });
});

describe('SECURITY 10: idle 30 min and absolute 12 h, on the server', () => {
  it('idle: the session check does not count as activity, so 31 min after login it is gone', async () => {
    const cookie = await freshSession();
    t.clock.advance(SESSION_IDLE_MS - MINUTE_MS);
    const alive = await check(cookie);
    expect(alive.statusCode).toBe(200);
    expect(alive.json().idleExpiresAt).toBe(new Date(t.clock.now().getTime() + MINUTE_MS).toISOString());
    t.clock.advance(2 * MINUTE_MS);
    const gone = await check(cookie);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual(expired);
    // Dead for good, even for activity routes.
    expect((await t.request({ url: '/api/profile', cookie })).statusCode).toBe(401);
    const [row] = await t.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM sessions WHERE token_hash = $1', [
      sha256(cookie.split('=')[1]!),
    ]);
    expect(row!.revoked_at).not.toBeNull();
  });

  it('activity within 30 min keeps it alive: refresh and any other API call count', async () => {
    const cookie = await freshSession();
    t.clock.advance(SESSION_IDLE_MS - MINUTE_MS);
    const r = await refresh(cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json().idleExpiresAt).toBe(new Date(t.clock.now().getTime() + SESSION_IDLE_MS).toISOString());
    t.clock.advance(SESSION_IDLE_MS - MINUTE_MS);
    expect((await t.request({ url: '/api/profile', cookie })).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS - MINUTE_MS);
    expect((await check(cookie)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE_MS);
    expect((await check(cookie)).json()).toEqual(expired);
  });

  it('absolute: 12 h after login the session ends even with steady activity', async () => {
    const cookie = await freshSession();
    const start = t.clock.now().getTime();
    const first = await check(cookie);
    expect(first.json().absoluteExpiresAt).toBe(new Date(start + SESSION_ABSOLUTE_MS).toISOString());
    while (t.clock.now().getTime() + 20 * MINUTE_MS < start + SESSION_ABSOLUTE_MS) {
      t.clock.advance(20 * MINUTE_MS);
      expect((await refresh(cookie)).statusCode).toBe(200);
    }
    t.clock.set(new Date(start + SESSION_ABSOLUTE_MS - 1000));
    expect((await refresh(cookie)).statusCode).toBe(200);
    t.clock.advance(1000);
    const end = await refresh(cookie);
    expect(end.statusCode).toBe(401);
    expect(end.json()).toEqual(expired);
  });

  it('logout kills the session on the server: the old cookie is refused afterwards', async () => {
    const cookie = await freshSession();
    const other = await freshSession();
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(200);
    const cleared = setCookieHeader(out);
    expect(cleared).toMatch(/^candeia_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    for (const res of [await check(cookie), await refresh(cookie), await t.request({ url: '/api/profile', cookie })]) {
      expect(res.statusCode).toBe(401);
    }
    // Only that session: the user's other session lives on.
    expect((await check(other)).statusCode).toBe(200);
  });

  it('a password change ends the other sessions but not the current one', async () => {
    const user = await insertUser(t);
    const current = await freshSession(user);
    const elsewhere = [user.cookie, await freshSession(user)];
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      cookie: current,
      payload: { currentPassword: user.password, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await check(current)).statusCode).toBe(200);
    expect((await t.request({ url: '/api/profile', cookie: current })).statusCode).toBe(200);
    for (const cookie of elsewhere) expect((await check(cookie)).statusCode).toBe(401);
    expect((await login(t, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t, user.email, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it('a password change with the wrong current password changes nothing', async () => {
    const user = await insertUser(t);
    const other = await freshSession(user);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      cookie: user.cookie,
      locale: 'en-US',
      payload: { currentPassword: 'Wrong@Password1', newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'AUTH_WRONG_PASSWORD',
      fields: { currentPassword: 'The current password is incorrect.' },
    });
    expect((await check(other)).statusCode).toBe(200);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('an account made through a provider, with no password yet, is told how to make one; nothing changes', async () => {
    const user = await insertUser(t);
    await t.query("UPDATE users SET password_hash = '' WHERE id = $1", [user.user.id]);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      cookie: user.cookie,
      locale: 'es-ES',
      payload: { currentPassword: 'Qualquer@2026', newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ACCOUNT_NO_PASSWORD');
    expect(res.json().error.fields.currentPassword).toMatch(/^Tu cuenta aún no tiene contraseña/);
    const [row] = await t.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      user.user.id,
    ]);
    expect(row!.password_hash).toBe('');
  });

  it('without a cookie the session check answers 401 AUTH_REQUIRED', async () => {
    const res = await t.request({ url: '/api/auth/session', locale: 'en-US' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'AUTH_REQUIRED', message: 'Please sign in to continue.' } });
  });
});
