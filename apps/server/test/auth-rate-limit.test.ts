import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCKOUT_MS,
  LOCKOUT_THRESHOLD,
  LOGIN_IP_RATE_LIMIT,
  LOGIN_RATE_LIMIT,
  LOGIN_RATE_WINDOW_MS,
  MINUTE_MS,
} from '@candeia/shared/constants';
import { createTestApp, sessionCookie, type TestApp } from './support/app.ts';
import {
  confirmReset,
  insertUser,
  login,
  mailsTo,
  OTHER_PASSWORD,
  requestResetToken,
  uniqueIp,
} from './support/factories.ts';

const WRONG = 'Wrong@Password1';
/** Just past the end of the rate window. */
const NEXT_WINDOW = LOGIN_RATE_WINDOW_MS + 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error.code).toBe('AUTH_RATE_LIMITED');
  expect(sessionCookie(res)).toBeNull();
}

async function securityEvents(where: string, params: unknown[]) {
  return t.query<{ type: string; ip: string; email: string | null; details: string | null }>(
    `SELECT type, ip, email, details FROM security_events WHERE ${where} ORDER BY id`,
    params,
  );
}

describe('SECURITY 5: 5 attempts per identifier per 15 minutes, on the server', () => {
  it('the 6th attempt is refused even with the right password, then the window passes', async () => {
    const u = await insertUser(t);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) {
      const res = await login(t, u.email, WRONG, { ip });
      expect(res.statusCode).toBe(401);
    }
    expectRateLimited(await login(t, u.email, u.password, { ip }));
    expectRateLimited(await login(t, u.email, WRONG, { ip }));
    // From another address the identifier is still limited.
    expectRateLimited(await login(t, u.email, u.password));
    // Another identifier from the same address is not affected.
    const other = await insertUser(t);
    expect((await login(t, other.email, other.password, { ip })).statusCode).toBe(200);
    // Still limited just before the window ends.
    t.clock.advance(LOGIN_RATE_WINDOW_MS - 60_000);
    expectRateLimited(await login(t, u.email, u.password, { ip }));
    t.clock.advance(61_000);
    expect((await login(t, u.email, u.password, { ip })).statusCode).toBe(200);
    const events = await securityEvents('email = $1 AND type = $2', [u.email, 'login_rate_limited']);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]!.details).toBe('identifier');
  });

  it('the identifier is case-folded: A@x.com and a@x.com share one counter', async () => {
    const u = await insertUser(t, { email: `caso.${Date.now()}@example.com` });
    const upper = u.email.toUpperCase();
    const mixed = u.email.charAt(0).toUpperCase() + u.email.slice(1);
    const variants = [upper, u.email, mixed, ` ${upper} `, mixed];
    for (const email of variants.slice(0, LOGIN_RATE_LIMIT))
      expect((await login(t, email, WRONG)).statusCode).toBe(401);
    expectRateLimited(await login(t, u.email, u.password));
    expectRateLimited(await login(t, upper, u.password));
    t.clock.advance(NEXT_WINDOW);
    expect((await login(t, upper, u.password)).statusCode).toBe(200);
  });

  it('unknown identifiers are limited the same way (no hint that the account does not exist)', async () => {
    const email = 'ninguem.aqui@example.com';
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) expect((await login(t, email, WRONG)).statusCode).toBe(401);
    expectRateLimited(await login(t, email, WRONG));
  });

  it(`a per-IP limit: ${LOGIN_IP_RATE_LIMIT} failures from one address block it for every identifier`, async () => {
    t.clock.advance(NEXT_WINDOW);
    const ip = uniqueIp();
    const u = await insertUser(t);
    for (let i = 0; i < LOGIN_IP_RATE_LIMIT; i++) {
      const res = await login(t, `varios.${i}@example.com`, WRONG, { ip });
      expect(res.statusCode).toBe(401);
    }
    expectRateLimited(await login(t, u.email, u.password, { ip }));
    expectRateLimited(await login(t, 'outro.nome@example.com', WRONG, { ip }));
    // The same user from another address signs in.
    expect((await login(t, u.email, u.password, { ip: uniqueIp() })).statusCode).toBe(200);
    const events = await securityEvents('ip = $1 AND type = $2', [ip, 'login_rate_limited']);
    expect(events.map((e) => e.details)).toContain('ip');

    // Without a trusted proxy, a forged X-Forwarded-For changes nothing: the socket address counts.
    for (const forged of ['203.0.113.7', '203.0.113.8, 198.51.100.9', '::1']) {
      expectRateLimited(await login(t, u.email, u.password, { ip, headers: { 'x-forwarded-for': forged } }));
    }
    const forgedEvents = await securityEvents('ip IN ($1, $2) ', ['203.0.113.7', '198.51.100.9']);
    expect(forgedEvents).toEqual([]);

    t.clock.advance(NEXT_WINDOW);
    expect((await login(t, u.email, u.password, { ip })).statusCode).toBe(200);
  });
});

describe('SECURITY 5: behind a trusted proxy (TRUST_PROXY=127.0.0.1) the forwarded address counts', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => p.close());

  it('each forwarded client has its own counter; an untrusted sender cannot forge one', async () => {
    const u = await insertUser(p);
    const viaProxy = (client: string, email: string, password: string) =>
      login(p, email, password, { ip: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < LOGIN_IP_RATE_LIMIT; i++) {
      expect((await viaProxy('198.51.100.1', `proxy.${i}@example.com`, WRONG)).statusCode).toBe(401);
    }
    expectRateLimited(await viaProxy('198.51.100.1', u.email, u.password));
    // Another client behind the same proxy is not limited.
    expect((await viaProxy('198.51.100.2', u.email, u.password)).statusCode).toBe(200);

    const events = await p.query<{ ip: string; type: string }>(
      'SELECT ip, type FROM security_events WHERE type LIKE $1 ORDER BY id',
      ['login_%'],
    );
    expect(new Set(events.map((e) => e.ip))).toEqual(new Set(['198.51.100.1', '198.51.100.2']));
    const [attempt] = await p.query<{ n: string }>('SELECT count(*) AS n FROM login_attempts WHERE ip = $1', [
      '127.0.0.1',
    ]);
    expect(Number(attempt!.n)).toBe(0);

    // A sender that is not the trusted proxy cannot choose its address by header.
    const direct = await login(p, u.email, u.password, {
      ip: '192.0.2.50',
      headers: { 'x-forwarded-for': '198.51.100.2' },
    });
    expect(direct.statusCode).toBe(200);
    const [last] = await p.query<{ ip: string }>('SELECT ip FROM security_events ORDER BY id DESC LIMIT 1');
    expect(last!.ip).toBe('192.0.2.50');
  });
});

describe('SECURITY 6: account lockout; password reset still works while locked', () => {
  it(`locks after ${LOCKOUT_THRESHOLD} consecutive failures spread over windows; the right password then fails like a wrong one`, async () => {
    t.clock.advance(NEXT_WINDOW);
    const u = await insertUser(t, { locale: 'en-US' });
    const lockedUntil = async () =>
      (await t.query<{ locked_until: Date | null }>('SELECT locked_until FROM users WHERE id = $1', [u.user.id]))[0]!
        .locked_until;

    let lastFailure: LightMyRequestResponse | undefined;
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      if (i > 0 && i % LOGIN_RATE_LIMIT === 0) t.clock.advance(NEXT_WINDOW);
      if (i === LOCKOUT_THRESHOLD - 1) expect(await lockedUntil()).toBeNull();
      lastFailure = await login(t, u.email, WRONG, { locale: 'en-US' });
      expect(lastFailure.statusCode).toBe(401);
    }
    const until = await lockedUntil();
    expect(until).not.toBeNull();
    expect(until!.getTime()).toBe(t.clock.now().getTime() + LOCKOUT_MS);

    // The lockout e-mail, in the user's language, with the SPEC §8 text and a reset link.
    const mails = await mailsTo(t, u.email, 'account_locked');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Account temporarily locked due to suspicious activity');
    expect(mails[0]!.text).toContain(`${t.config.APP_URL}/reset-password`);
    const events = await securityEvents('user_id = $1 AND type = $2', [u.user.id, 'account_locked']);
    expect(events).toHaveLength(1);

    // Next window: the right password answers exactly like a wrong one, and like an unknown user.
    t.clock.advance(NEXT_WINDOW);
    const right = await login(t, u.email, u.password, { locale: 'en-US' });
    const wrong = await login(t, u.email, WRONG, { locale: 'en-US' });
    const unknown = await login(t, 'ninguem.mesmo@example.com', u.password, { locale: 'en-US' });
    for (const res of [right, wrong, unknown]) {
      expect(res.statusCode).toBe(lastFailure!.statusCode);
      expect(res.body).toBe(lastFailure!.body);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(right.json().error).toEqual({ code: 'AUTH_INVALID_CREDENTIALS', message: 'Invalid credentials' });
    expect(await lockedUntil()).not.toBeNull();

    // A password reset while locked works and unlocks the account.
    const token = await requestResetToken(t, u.email);
    const reset = await confirmReset(t, token, OTHER_PASSWORD);
    expect(reset.statusCode).toBe(200);
    expect(await lockedUntil()).toBeNull();
    const [row] = await t.query<{ failed_logins: number }>('SELECT failed_logins FROM users WHERE id = $1', [
      u.user.id,
    ]);
    expect(row!.failed_logins).toBe(0);
    expect((await login(t, u.email, OTHER_PASSWORD)).statusCode).toBe(200);
  });

  it('the lock ends by itself after its time', async () => {
    t.clock.advance(NEXT_WINDOW);
    const u = await insertUser(t);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      if (i > 0 && i % LOGIN_RATE_LIMIT === 0) t.clock.advance(NEXT_WINDOW);
      expect((await login(t, u.email, WRONG)).statusCode).toBe(401);
    }
    t.clock.advance(LOCKOUT_MS - MINUTE_MS);
    expect((await login(t, u.email, u.password)).statusCode).toBe(401);
    t.clock.advance(2 * MINUTE_MS);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('only consecutive failures count: a success in between starts over', async () => {
    t.clock.advance(NEXT_WINDOW);
    const u = await insertUser(t);
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++) {
      if (i > 0 && i % LOGIN_RATE_LIMIT === 0) t.clock.advance(NEXT_WINDOW);
      expect((await login(t, u.email, WRONG)).statusCode).toBe(401);
    }
    t.clock.advance(NEXT_WINDOW);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    expect((await login(t, u.email, WRONG)).statusCode).toBe(401);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    expect(await mailsTo(t, u.email, 'account_locked')).toEqual([]);
  });
});
