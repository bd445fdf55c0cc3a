import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_RATE_LIMIT,
  RESET_CONFIRM_IP_LIMIT,
  SIGNUP_IP_LIMIT,
  VERIFY_EMAIL_IP_LIMIT,
  VERIFY_RESEND_IP_LIMIT,
} from '@candeia/shared/constants';
import { hashingStats } from '../src/lib/passwords.ts';
import { createTestApp, sessionCookie, type TestApp } from './support/app.ts';
import {
  GOOD_PASSWORD,
  insertUser,
  login,
  makeSignUp,
  OTHER_PASSWORD,
  requestResetToken,
  uniqueIp,
  type TestUser,
} from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const WRONG = 'Wrong@Password1';
const FAKE_TOKEN = 'A'.repeat(43);

function expectLimited(
  res: LightMyRequestResponse,
  message = 'Too many requests. Please wait a moment and try again.',
) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message } });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

type Call = (ip: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
const signUp: Call = (ip, headers) =>
  t.request({
    method: 'POST',
    url: '/api/auth/signup',
    payload: makeSignUp(),
    remoteAddress: ip,
    locale: 'en-US',
    headers,
  });
const resetConfirm: Call = (ip, headers) =>
  t.request({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token: FAKE_TOKEN, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
    remoteAddress: ip,
    locale: 'en-US',
    headers,
  });
const verify: Call = (ip, headers) =>
  t.request({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: FAKE_TOKEN },
    remoteAddress: ip,
    locale: 'en-US',
    headers,
  });

describe('SECURITY 5: the routes that hash or check a mailed token are limited per IP', () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await insertUser(t);
  });
  const resend: Call = (ip, headers) =>
    t.request({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      cookie: member.cookie,
      remoteAddress: ip,
      locale: 'en-US',
      headers,
    });

  it.each([
    ['POST /api/auth/verify-email/resend', resend, VERIFY_RESEND_IP_LIMIT, 429],
    ['POST /api/auth/signup', signUp, SIGNUP_IP_LIMIT, 201],
    ['POST /api/auth/password-reset/confirm', resetConfirm, RESET_CONFIRM_IP_LIMIT, 400],
    ['POST /api/auth/verify-email', verify, VERIFY_EMAIL_IP_LIMIT, 400],
  ] as const)(
    '%s: a translated 429 past the limit, per address, until the window ends',
    async (_r, call, limit, status) => {
      const ip = uniqueIp();
      for (let i = 0; i < limit.max; i++) {
        const res = await call(ip);
        expect(res.statusCode, res.body).toBe(status);
        // (The resend's own limit answers first: one mail a minute per member.)
        if (status === 429) expect(res.json().error.code).toBe('EMAIL_VERIFY_TOO_SOON');
      }
      const hashes = hashingStats.hashes;
      expectLimited(await call(ip));
      // The refusal costs no hash.
      expect(hashingStats.hashes).toBe(hashes);
      expectLimited(
        await call(ip, { 'x-locale': 'pt-BR' }),
        'Muitas solicitações. Aguarde um pouco e tente novamente.',
      );
      // Without a trusted proxy a forged X-Forwarded-For changes nothing: the socket address counts.
      expectLimited(await call(ip, { 'x-forwarded-for': '203.0.113.9' }));
      // Another address is not affected.
      expect((await call(uniqueIp())).statusCode).toBe(status);
      t.clock.advance(limit.windowMs);
      const later = await call(ip);
      expect(later.statusCode).toBeLessThan(500);
      expect(later.json().error?.code).not.toBe('RATE_LIMITED');
    },
  );
});

describe('SECURITY 5: behind a trusted proxy (TRUST_PROXY=127.0.0.1) each forwarded client has its own limit', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => p.close());

  it('on e-mail verification', async () => {
    const viaProxy = (client: string) =>
      p.request({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: FAKE_TOKEN },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 0; i < VERIFY_EMAIL_IP_LIMIT.max; i++) expect((await viaProxy('198.51.100.1')).statusCode).toBe(400);
    expect((await viaProxy('198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.2')).statusCode).toBe(400);
    // A sender that is not the proxy cannot pick its address by header.
    const direct = (ip: string) =>
      p.request({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: FAKE_TOKEN },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': '198.51.100.3' },
      });
    for (let i = 0; i < VERIFY_EMAIL_IP_LIMIT.max; i++) expect((await direct('192.0.2.60')).statusCode).toBe(400);
    expect((await direct('192.0.2.60')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.3')).statusCode).toBe(400);
  });
});

describe('hashing is expensive: the cheap checks come first', () => {
  it('reset-confirm with a bad token costs no hash; a good one costs one', async () => {
    const u = await insertUser(t);
    const token = await requestResetToken(t, u.email);
    const before = hashingStats.hashes;
    for (const bad of [FAKE_TOKEN, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token: bad, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('AUTH_RESET_INVALID');
    }
    expect(hashingStats.hashes).toBe(before);
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(ok.statusCode).toBe(200);
    expect(hashingStats.hashes).toBe(before + 1);
  });

  it('a spent or expired reset token costs no hash either', async () => {
    const u = await insertUser(t);
    const token = await requestResetToken(t, u.email);
    const confirm = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        remoteAddress: uniqueIp(),
      });
    expect((await confirm()).statusCode).toBe(200);
    const before = hashingStats.hashes;
    expect((await confirm()).statusCode).toBe(400);
    expect(hashingStats.hashes).toBe(before);
  });

  it('a sign-up with a registered e-mail or an unknown referral code costs no hash', async () => {
    const u = await insertUser(t);
    const before = hashingStats.hashes;
    const taken = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: makeSignUp({ email: u.email.toUpperCase() }),
      remoteAddress: uniqueIp(),
    });
    expect(taken.statusCode).toBe(409);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: makeSignUp({ referralCode: 'REF-ZZZZZZZZ' }),
      remoteAddress: uniqueIp(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(hashingStats.hashes).toBe(before);
  });
});

describe('a successful reset clears the login limit of that address', () => {
  it(`${LOGIN_RATE_LIMIT} failed logins, a reset, and the new password signs in at once`, async () => {
    const u = await insertUser(t);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) expect((await login(t, u.email, WRONG, { ip })).statusCode).toBe(401);
    const limited = await login(t, u.email, u.password, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('AUTH_RATE_LIMITED');

    const token = await requestResetToken(t, u.email);
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(reset.statusCode).toBe(200);
    const ok = await login(t, u.email, OTHER_PASSWORD, { ip });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookie(ok)).toBeTruthy();
    // The failures stay in the security log.
    const events = await t.query('SELECT id FROM security_events WHERE email = $1 AND type = $2', [
      u.email,
      'login_failure',
    ]);
    expect(events).toHaveLength(LOGIN_RATE_LIMIT);
    // Another address's failures are untouched.
    const other = await insertUser(t);
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) await login(t, other.email, WRONG, { ip });
    expect((await login(t, other.email, GOOD_PASSWORD, { ip })).statusCode).toBe(429);
  });
});
