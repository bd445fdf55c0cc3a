import { hash } from '@node-rs/argon2';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_RATE_LIMIT } from '@candeia/shared/constants';
import { createTestApp, sessionCookie, type TestApp } from './support/app.ts';
import {
  insertUser,
  login,
  makeSignUp,
  setSubscriptionStatus,
  storedHash,
  uniqueIp,
  type TestUser,
} from './support/factories.ts';

let t: TestApp;
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await insertUser(t);
  admin = await insertUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

/** The login errors of SPEC.md §8: Portuguese (the coded catalogue) and English. */
const MESSAGES = {
  AUTH_INVALID_EMAIL: {
    pt: 'Formato de email inválido. Verifique e tente novamente.',
    en: 'Invalid email format',
  },
  AUTH_INVALID_CREDENTIALS: {
    pt: 'Email ou senha incorretos. Verifique seus dados e tente novamente.',
    en: 'Invalid credentials',
  },
  AUTH_RATE_LIMITED: {
    pt: 'Muitas tentativas de login. Tente novamente em alguns minutos.',
    en: 'Too many login attempts. Please try again later.',
  },
  AUTH_FAILED: {
    pt: 'Falha na autenticação. Tente novamente em alguns instantes.',
    en: 'Authentication failed',
  },
  AUTH_PAYMENT_FAILED: {
    pt: 'Sua assinatura está com um pagamento pendente. Atualize sua forma de pagamento para continuar usando a plataforma.',
    en: 'Your subscription has a pending payment. Please update your payment method to keep using the platform.',
  },
} as const;

function expectError(res: LightMyRequestResponse, status: number, code: keyof typeof MESSAGES, lang: 'pt' | 'en') {
  expect(res.statusCode).toBe(status);
  expect(res.json().error.code).toBe(code);
  expect(res.json().error.message).toBe(MESSAGES[code][lang]);
  expect(sessionCookie(res)).toBeNull();
}

describe('POST /api/auth/login: success', () => {
  it('signs in with the right password (e-mail in any case) and sets a session', async () => {
    const res = await login(t, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.user.id, email: user.email });
    const cookie = sessionCookie(res);
    expect(cookie).toBeTruthy();
    expect((await t.request({ url: '/api/auth/session', cookie })).statusCode).toBe(200);
  });
});

describe('SPEC §8: every login error with its exact message (pt-BR and en-US)', () => {
  it.each(['pt', 'en'] as const)('invalid e-mail format (%s)', async (lang) => {
    const locale = lang === 'pt' ? 'pt-BR' : 'en-US';
    for (const email of ['not-an-email', 'maria@', 'a<b@example.com']) {
      const res = await login(t, email, 'whatever', { locale });
      expectError(res, 400, 'AUTH_INVALID_EMAIL', lang);
    }
  });

  it.each(['pt', 'en'] as const)('invalid credentials: unknown user and wrong password (%s)', async (lang) => {
    const locale = lang === 'pt' ? 'pt-BR' : 'en-US';
    expectError(await login(t, 'nobody@example.com', user.password, { locale }), 401, 'AUTH_INVALID_CREDENTIALS', lang);
    expectError(await login(t, user.email, 'Wrong@Password1', { locale }), 401, 'AUTH_INVALID_CREDENTIALS', lang);
  });

  it('too many attempts (pt and en)', async () => {
    const email = 'limitado@example.com';
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) expect((await login(t, email, `Wrong@${i}aaaa`)).statusCode).toBe(401);
    expectError(await login(t, email, 'Wrong@xaaaa', { locale: 'pt-BR' }), 429, 'AUTH_RATE_LIMITED', 'pt');
    expectError(await login(t, email, 'Wrong@xaaaa', { locale: 'en-US' }), 429, 'AUTH_RATE_LIMITED', 'en');
  });

  it('authentication failed when the database fails (pt and en), with a request id and no detail', async () => {
    await t.query('ALTER TABLE login_attempts RENAME TO login_attempts_away');
    try {
      for (const lang of ['pt', 'en'] as const) {
        const res = await login(t, user.email, user.password, { locale: lang === 'pt' ? 'pt-BR' : 'en-US' });
        expectError(res, 500, 'AUTH_FAILED', lang);
        expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
        expect(res.body).not.toMatch(/login_attempts|relation|select|stack/i);
      }
    } finally {
      await t.query('ALTER TABLE login_attempts_away RENAME TO login_attempts');
    }
  });

  it('payment_failed blocks login after a correct password (pt and en), without a session', async () => {
    const u = await insertUser(t);
    await setSubscriptionStatus(t, u.user.id, 'payment_failed');
    expectError(await login(t, u.email, u.password, { locale: 'pt-BR' }), 403, 'AUTH_PAYMENT_FAILED', 'pt');
    expectError(await login(t, u.email, u.password, { locale: 'en-US' }), 403, 'AUTH_PAYMENT_FAILED', 'en');
    // A wrong password does not reveal the subscription state.
    expectError(await login(t, u.email, 'Wrong@Password1', { locale: 'en-US' }), 401, 'AUTH_INVALID_CREDENTIALS', 'en');
    const events = await t.query<{ type: string }>('SELECT type FROM security_events WHERE user_id = $1 ORDER BY id', [
      u.user.id,
    ]);
    expect(events.map((e) => e.type)).toContain('login_blocked_payment');
    // Other statuses do not block login (the access gate handles them).
    await setSubscriptionStatus(t, u.user.id, 'past_due');
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('payment_failed login creates no session row', async () => {
    const u = await insertUser(t);
    await setSubscriptionStatus(t, u.user.id, 'payment_failed');
    const before = await t.query('SELECT id FROM sessions WHERE user_id = $1', [u.user.id]);
    await login(t, u.email, u.password);
    const after = await t.query('SELECT id FROM sessions WHERE user_id = $1', [u.user.id]);
    expect(after).toHaveLength(before.length);
  });
});

describe('SECURITY 4: unknown user, wrong password and locked account fail identically', () => {
  it('same status, same body, same headers but the request id', async () => {
    for (const locale of ['pt-BR', 'en-US', 'es-ES']) {
      const victim = await insertUser(t);
      const locked = await insertUser(t);
      const until = new Date(t.clock.now().getTime() + 86_400_000);
      await t.query('UPDATE users SET locked_until = $1, failed_logins = 10 WHERE id = $2', [until, locked.user.id]);
      const unknown = await login(t, `ninguem.${locale}@example.com`, victim.password, { locale });
      const wrong = await login(t, victim.email, 'Wrong@Password1', { locale });
      const lockedRight = await login(t, locked.email, locked.password, { locale });
      const lockedWrong = await login(t, locked.email, 'Wrong@Password1', { locale });
      const shape = (r: LightMyRequestResponse) => {
        const headers = { ...r.headers };
        delete headers['x-request-id'];
        delete headers.date;
        return { status: r.statusCode, body: r.body, headers };
      };
      expect(unknown.statusCode).toBe(401);
      expect(shape(wrong)).toEqual(shape(unknown));
      expect(shape(lockedRight)).toEqual(shape(unknown));
      expect(shape(lockedWrong)).toEqual(shape(unknown));
      expect(unknown.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('SECURITY 1: no response body or header ever carries a password hash', () => {
  it('sign-up, login, session, refresh, profile, subscription and the admin lists', async () => {
    const body = makeSignUp();
    const responses: LightMyRequestResponse[] = [];
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: body,
      remoteAddress: uniqueIp(),
    });
    responses.push(signup);
    const id = signup.json().user.id as string;
    const hashes = [await storedHash(t, id), await storedHash(t, admin.user.id)];
    const logged = await login(t, body.email as string, body.password as string);
    responses.push(logged);
    const cookie = sessionCookie(logged);
    responses.push(await t.request({ url: '/api/auth/session', cookie }));
    responses.push(await t.request({ method: 'POST', url: '/api/auth/session/refresh', cookie }));
    responses.push(await t.request({ url: '/api/profile', cookie }));
    responses.push(
      await t.request({
        method: 'PUT',
        url: '/api/profile',
        cookie,
        payload: { firstName: 'A', lastName: 'B', phone: '+55 11 91234-5678', country: 'Brasil', locale: 'pt-BR' },
      }),
    );
    responses.push(await t.request({ url: '/api/subscription', cookie }));
    responses.push(await login(t, body.email as string, 'Wrong@Password1'));
    responses.push(await t.request({ url: '/api/admin/users', cookie: admin.cookie }));
    responses.push(
      await t.request({ url: `/api/admin/users?q=${encodeURIComponent(body.email as string)}`, cookie: admin.cookie }),
    );
    responses.push(await t.request({ url: '/api/admin/security-events', cookie: admin.cookie }));
    responses.push(await t.request({ url: '/api/admin/outbox', cookie: admin.cookie }));
    responses.push(await t.request({ method: 'POST', url: '/api/auth/logout', cookie }));
    expect(responses.map((r) => r.statusCode)).toEqual([
      201, 200, 200, 200, 200, 200, 200, 401, 200, 200, 200, 200, 200,
    ]);
    for (const res of responses) {
      const text = `${JSON.stringify(res.headers)}\n${res.body}`;
      expect(text).not.toMatch(/argon2/i);
      expect(text).not.toMatch(/password_?hash/i);
      for (const h of hashes) {
        expect(text).not.toContain(h);
        expect(text).not.toContain(h.split('$').at(-1)!);
      }
    }
    // The admin list really contains this user: the check above looked at a row that has a hash.
    expect(responses[8]!.body).toContain(id);
  });
});

describe('SECURITY 2: argon2id with m ≥ 19456, t ≥ 2, p = 1; rehash on login', () => {
  const params = (h: string) => {
    const m = /^\$argon2(id|i|d)\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(h);
    expect(m, h).not.toBeNull();
    return { variant: m![1], m: Number(m![2]), t: Number(m![3]), p: Number(m![4]) };
  };

  it('stores an argon2id hash with the required parameters', async () => {
    const h = await storedHash(t, user.user.id);
    const p = params(h);
    expect(p.variant).toBe('id');
    expect(p.m).toBeGreaterThanOrEqual(19456);
    expect(p.t).toBeGreaterThanOrEqual(2);
    expect(p.p).toBe(1);
  });

  it.each([
    ['weaker argon2id (m=4096, t=1)', { memoryCost: 4096, timeCost: 1, parallelism: 1, algorithm: 2 }],
    ['argon2i', { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 1 }],
  ] as const)('a %s hash is replaced at the next successful login', async (_name, options) => {
    const u = await insertUser(t);
    const weak = await hash(u.password, options);
    await t.query('UPDATE users SET password_hash = $1 WHERE id = $2', [weak, u.user.id]);
    expect((await login(t, u.email, 'Wrong@Password1')).statusCode).toBe(401);
    expect(await storedHash(t, u.user.id)).toBe(weak);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    const now = await storedHash(t, u.user.id);
    expect(now).not.toBe(weak);
    expect(params(now)).toEqual({ variant: 'id', m: 19456, t: 2, p: 1 });
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('a stronger hash is kept as it is', async () => {
    const u = await insertUser(t);
    const strong = await hash(u.password, { memoryCost: 19456, timeCost: 3, parallelism: 1, algorithm: 2 });
    await t.query('UPDATE users SET password_hash = $1 WHERE id = $2', [strong, u.user.id]);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    expect(await storedHash(t, u.user.id)).toBe(strong);
  });
});

describe('SECURITY 3: no truncation; the 128-character limit with its message', () => {
  it('an 80-byte password that differs only after byte 72 does not sign in', async () => {
    const head = `Ab1@${'x'.repeat(68)}`;
    expect(Buffer.byteLength(head)).toBe(72);
    const password = `${head}AAAAAAAA`;
    const other = `${head}BBBBBBBB`;
    expect(Buffer.byteLength(password)).toBe(80);
    const u = await insertUser(t, { password, confirmPassword: password });
    expectError(await login(t, u.email, other, { locale: 'en-US' }), 401, 'AUTH_INVALID_CREDENTIALS', 'en');
    expectError(await login(t, u.email, head, { locale: 'en-US' }), 401, 'AUTH_INVALID_CREDENTIALS', 'en');
    expect((await login(t, u.email, password)).statusCode).toBe(200);
  });

  it('the same holds for multi-byte characters (bytes, not characters)', async () => {
    const head = `Ab1@${'ç'.repeat(34)}`; // 4 + 68 bytes = 72 bytes
    expect(Buffer.byteLength(head)).toBe(72);
    const password = `${head}ção`;
    const u = await insertUser(t, { password, confirmPassword: password });
    expect((await login(t, u.email, `${head}cao`)).statusCode).toBe(401);
    expect((await login(t, u.email, password)).statusCode).toBe(200);
  });

  it('a 129-character password is refused at sign-up with the "max" message; 128 is accepted', async () => {
    const p129 = `Ab1@${'x'.repeat(125)}`;
    expect(p129).toHaveLength(129);
    const body = makeSignUp({ password: p129, confirmPassword: p129 });
    const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: body, locale: 'en-US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe('Password is too long (max 128 characters)');
    const pt = await t.request({ method: 'POST', url: '/api/auth/signup', payload: body, locale: 'pt-BR' });
    expect(pt.json().error.fields.password).toBe('A senha é longa demais (máximo de 128 caracteres)');
    const p128 = p129.slice(0, 128);
    const ok = await insertUser(t, { password: p128, confirmPassword: p128 });
    expect((await login(t, ok.email, p128)).statusCode).toBe(200);
  });
});
