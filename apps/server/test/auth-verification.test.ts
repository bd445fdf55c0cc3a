import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOUR_MS,
  MINUTE_MS,
  VERIFICATION_MAILS_PER_DAY,
  VERIFICATION_MAIL_INTERVAL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from '@candeia/shared/constants';
import { DEMO_USERS, seedDemo } from '../src/db/seed-demo.ts';
import { prepareDatabase } from '../src/runtime.ts';
import { createTestApp, routeTable, sessionCookie, type TestApp } from './support/app.ts';
import {
  confirmEmail,
  insertUser,
  latestVerificationToken,
  login,
  mailsTo,
  makeSignUp,
  uniqueIp,
  verificationTokenFrom,
  verifyEmail,
  type TestUser,
} from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const profile = (u: TestUser) => t.request({ url: '/api/profile', cookie: u.cookie }).then((r) => r.json());
const resend = (u: TestUser, locale = 'en-US') =>
  t.request({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    cookie: u.cookie,
    locale,
    remoteAddress: uniqueIp(),
  });
const invalid = {
  error: {
    code: 'EMAIL_VERIFY_INVALID',
    message: 'This confirmation link is invalid, was already used or has expired. Please request a new one.',
  },
};

describe('e-mail verification: the link', () => {
  it('sign-up mails a link in the user’s language; only the SHA-256 of its token is stored', async () => {
    for (const [locale, greeting, subject] of [
      ['pt-BR', 'Olá, Maria!', 'Candeia: confirme seu e-mail'],
      ['en-US', 'Hello, Maria!', 'Candeia: confirm your email address'],
      ['es-ES', '¡Hola, Maria!', 'Candeia: confirma tu correo electrónico'],
    ] as const) {
      const u = await insertUser(t, { locale });
      const mails = await mailsTo(t, u.email, 'email_verification');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(subject);
      expect(mails[0]!.text).toContain(greeting);
      expect(mails[0]!.text).toContain(`${t.config.APP_URL}/verify-email?token=`);
      expect(mails[0]!.html).toContain(`<html lang="${locale}">`);
      const token = verificationTokenFrom(mails[0]!.text);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const rows = await t.query<{ token_hash: string; expires_at: Date }>(
        'SELECT token_hash, expires_at FROM email_verification_tokens WHERE user_id = $1',
        [u.user.id],
      );
      expect(rows).toEqual([
        { token_hash: sha256(token), expires_at: new Date(t.clock.now().getTime() + VERIFICATION_TOKEN_TTL_MS) },
      ]);
      expect(u.user).toMatchObject({ emailVerified: false });
    }
  });

  it('an unverified account uses its trial at once', async () => {
    const u = await insertUser(t);
    const sub = await t.request({ url: '/api/subscription', cookie: u.cookie });
    expect(sub.json()).toMatchObject({ status: 'trialing', isTrial: true, allowed: true });
    expect((await profile(u)).emailVerified).toBe(false);
  });

  it('verifies the address once: the same link is refused afterwards', async () => {
    const u = await insertUser(t);
    const token = await latestVerificationToken(t, u.email);
    const ok = await confirmEmail(t, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, email: u.email });
    expect((await profile(u)).emailVerified).toBe(true);
    const session = await t.request({ url: '/api/auth/session', cookie: u.cookie });
    expect(session.json().user.emailVerified).toBe(true);
    const [row] = await t.query<{ email_verified_at: Date }>('SELECT email_verified_at FROM users WHERE id = $1', [
      u.user.id,
    ]);
    expect(row!.email_verified_at).toEqual(t.clock.now());

    const again = await confirmEmail(t, token, { locale: 'en-US' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalid);
    const pt = await confirmEmail(t, token, { locale: 'pt-BR' });
    expect(pt.json().error.message).toBe('Este link de confirmação é inválido, já foi usado ou expirou. Peça um novo.');
    const events = await t.query<{ type: string; success: boolean; details: string | null }>(
      "SELECT type, success, details FROM security_events WHERE type = 'email_verified' AND (user_id = $1 OR user_id IS NULL) ORDER BY id",
      [u.user.id],
    );
    expect(events.map((e) => [e.success, e.details])).toEqual(
      expect.arrayContaining([
        [true, null],
        [false, 'invalid_token'],
      ]),
    );
  });

  it('expires after 24 hours', async () => {
    const u = await insertUser(t);
    const token = await latestVerificationToken(t, u.email);
    t.clock.advance(VERIFICATION_TOKEN_TTL_MS - MINUTE_MS);
    const v = await insertUser(t);
    const fresh = await latestVerificationToken(t, v.email);
    t.clock.advance(MINUTE_MS);
    const late = await confirmEmail(t, token, { locale: 'en-US' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(invalid);
    const [row] = await t.query<{ email_verified_at: Date | null }>(
      'SELECT email_verified_at FROM users WHERE id = $1',
      [u.user.id],
    );
    expect(row!.email_verified_at).toBeNull();
    // A link 23 h 59 min old still works.
    t.clock.advance(VERIFICATION_TOKEN_TTL_MS - 2 * MINUTE_MS);
    expect((await confirmEmail(t, fresh)).statusCode).toBe(200);
  });

  it('a forged or malformed token is refused with a translated message', async () => {
    const u = await insertUser(t);
    const real = await latestVerificationToken(t, u.email);
    const forged = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    expect((await confirmEmail(t, forged, { locale: 'en-US' })).json()).toEqual(invalid);
    expect((await confirmEmail(t, sha256(real).slice(0, 43), { locale: 'en-US' })).json()).toEqual(invalid);
    const malformed = await confirmEmail(t, 'abc', { locale: 'es-ES' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.token).toBe('Este enlace de confirmación no es válido o ha caducado.');
    expect((await confirmEmail(t, real)).statusCode).toBe(200);
  });

  it('the token decides whose address is verified, never the session that sends it', async () => {
    const a = await insertUser(t);
    const b = await insertUser(t);
    const tokenOfB = await latestVerificationToken(t, b.email);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: tokenOfB },
      cookie: a.cookie,
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(b.email);
    expect((await profile(a)).emailVerified).toBe(false);
    expect((await profile(b)).emailVerified).toBe(true);
    // Fields that point at someone are refused.
    for (const extra of [{ userId: a.user.id }, { email: a.email }]) {
      const bad = await t.request({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: await latestVerificationToken(t, a.email), ...extra },
        remoteAddress: uniqueIp(),
      });
      expect(bad.statusCode).toBe(400);
    }
    expect((await profile(a)).emailVerified).toBe(false);
  });

  it('opening the link changes nothing: only the POST the page sends verifies', async () => {
    const u = await insertUser(t);
    const token = await latestVerificationToken(t, u.email);
    const verifying = routeTable(t.app).filter((r) => r.url.includes('verify-email'));
    expect(verifying.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/auth/verify-email',
      'POST /api/auth/verify-email/resend',
    ]);
    for (const cookie of [null, u.cookie]) {
      const res = await t.request({ url: `/api/auth/verify-email?token=${token}`, cookie });
      expect([401, 404]).toContain(res.statusCode);
    }
    expect((await profile(u)).emailVerified).toBe(false);
    expect((await confirmEmail(t, token)).statusCode).toBe(200);
  });
});

describe('e-mail verification: asking for a new link', () => {
  it('mails a new link (the old one stops working), at most one a minute', async () => {
    const u = await insertUser(t);
    const first = await latestVerificationToken(t, u.email);
    const tooSoon = await resend(u);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toEqual({
      code: 'EMAIL_VERIFY_TOO_SOON',
      message: 'We have just sent a link. Please wait a minute before asking for another one.',
    });
    expect((await resend(u, 'pt-BR')).json().error.message).toBe(
      'Acabamos de enviar um link. Aguarde um minuto antes de pedir outro.',
    );
    expect(await mailsTo(t, u.email, 'email_verification')).toHaveLength(1);

    t.clock.advance(VERIFICATION_MAIL_INTERVAL_MS);
    const ok = await resend(u);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, email: u.email });
    const second = await latestVerificationToken(t, u.email);
    expect(second).not.toBe(first);
    expect((await confirmEmail(t, first)).statusCode).toBe(400);
    expect((await confirmEmail(t, second)).statusCode).toBe(200);
  });

  it(`${VERIFICATION_MAILS_PER_DAY} mails a day at most (the sign-up’s included), then again after a day`, async () => {
    const u = await insertUser(t);
    for (let i = 1; i < VERIFICATION_MAILS_PER_DAY; i++) {
      t.clock.advance(VERIFICATION_MAIL_INTERVAL_MS);
      expect((await resend(u)).statusCode).toBe(200);
    }
    expect(await mailsTo(t, u.email, 'email_verification')).toHaveLength(VERIFICATION_MAILS_PER_DAY);
    t.clock.advance(HOUR_MS);
    // (An hour idle ends the session: sign in again.)
    u.cookie = sessionCookie(await login(t, u.email, u.password))!;
    const limited = await resend(u, 'es-ES');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'EMAIL_VERIFY_DAILY_LIMIT',
      message:
        'Ya has pedido 5 enlaces de confirmación hoy. Búscalos en tu bandeja de entrada (y en spam) o inténtalo de nuevo mañana.',
    });
    expect(await mailsTo(t, u.email, 'email_verification')).toHaveLength(VERIFICATION_MAILS_PER_DAY);
    t.clock.advance(24 * HOUR_MS);
    u.cookie = sessionCookie(await login(t, u.email, u.password))!;
    expect((await resend(u)).statusCode).toBe(200);
  });

  it('two resends at once send one mail', async () => {
    const u = await insertUser(t);
    t.clock.advance(VERIFICATION_MAIL_INTERVAL_MS);
    const both = await Promise.all([resend(u), resend(u)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await mailsTo(t, u.email, 'email_verification')).toHaveLength(2);
  });

  it('a verified address needs no new link; signed out there is none to ask for', async () => {
    const u = await insertUser(t, { verified: true });
    t.clock.advance(VERIFICATION_MAIL_INTERVAL_MS);
    const res = await resend(u);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'EMAIL_ALREADY_VERIFIED',
      message: 'Your email address is already confirmed.',
    });
    const anon = await t.request({ method: 'POST', url: '/api/auth/verify-email/resend' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('ADMIN_EMAILS makes only a verified address an administrator', () => {
  it('not at sign-up: at verification, and the session in use is an admin’s at once', async () => {
    const a = await createTestApp({ ADMIN_EMAILS: 'chefe@example.com' });
    try {
      const boss = await insertUser(a, { email: 'Chefe@Example.com' });
      expect(boss.user.role).toBe('user');
      expect((await a.request({ url: '/api/admin/users', cookie: boss.cookie })).statusCode).toBe(403);
      // Someone else's verified address does not make it admin either.
      const other = await insertUser(a, { verified: true });
      expect((await a.request({ url: '/api/admin/users', cookie: other.cookie })).statusCode).toBe(403);

      const res = await verifyEmail(a, boss.email);
      expect(res.statusCode).toBe(200);
      expect((await a.request({ url: '/api/admin/users', cookie: boss.cookie })).statusCode).toBe(200);
      const me = await a.request({ url: '/api/profile', cookie: boss.cookie });
      expect(me.json()).toMatchObject({ role: 'admin', emailVerified: true });
      const [event] = await a.query<{ details: string }>(
        "SELECT details FROM security_events WHERE type = 'email_verified' AND user_id = $1",
        [boss.user.id],
      );
      expect(event!.details).toBe('admin_granted');
    } finally {
      await a.close();
    }
  });

  it('at start-up only the verified addresses of the list are promoted', async () => {
    const b = await createTestApp();
    try {
      const verified = await insertUser(b, { email: 'listada.verificada@example.com', verified: true });
      const unverified = await insertUser(b, { email: 'listada.nova@example.com' });
      const ADMIN_EMAILS = ['listada.verificada@example.com', 'listada.nova@example.com'];
      await prepareDatabase(b.database, { ...b.config, ADMIN_EMAILS }, false);
      expect((await b.request({ url: '/api/admin/users', cookie: verified.cookie })).statusCode).toBe(200);
      expect((await b.request({ url: '/api/admin/users', cookie: unverified.cookie })).statusCode).toBe(403);
      const [row] = await b.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [unverified.user.id]);
      expect(row!.role).toBe('user');
    } finally {
      await b.close();
    }
  });
});

describe('demo accounts', () => {
  it('are created verified', async () => {
    await seedDemo(t.database.db, t.clock.now());
    const rows = await t.query<{ email: string; verified: boolean }>(
      'SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE email = ANY($1) ORDER BY email',
      [DEMO_USERS.map((u) => u.email)],
    );
    expect(rows).toEqual(
      DEMO_USERS.map((u) => ({ email: u.email, verified: true })).sort((x, y) => x.email.localeCompare(y.email)),
    );
  });
});

describe('sign-up body', () => {
  it('cannot claim a verified address', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...makeSignUp(), emailVerified: true },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(400);
  });
});
