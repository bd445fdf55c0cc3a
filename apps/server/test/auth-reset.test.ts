import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_INTERVAL_MS, RESET_TOKEN_TTL_MS } from '@candeia/shared/constants';
import { createTestApp, sessionCookie, type TestApp } from './support/app.ts';
import {
  confirmReset,
  insertUser,
  login,
  mailsTo,
  OTHER_PASSWORD,
  requestResetToken,
  resetTokenFrom,
} from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const ask = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
const invalid = {
  error: {
    code: 'AUTH_RESET_INVALID',
    message: 'This reset link is invalid or has expired. Please request a new one.',
  },
};
const confirmEn = (token: string, password = OTHER_PASSWORD) =>
  t.request({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password, confirmPassword: password },
    locale: 'en-US',
  });

describe('SECURITY 7: password reset tokens', () => {
  it('mails a link with ≥ 128 random bits; only its SHA-256 is stored', async () => {
    const u = await insertUser(t);
    const res = await ask(u.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mails = await mailsTo(t, u.email, 'password_reset');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${t.config.APP_URL}/reset-password?token=`);
    const token = resetTokenFrom(mails[0]!.text);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const rows = await t.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens WHERE user_id = $1',
      [u.user.id],
    );
    expect(rows).toEqual([{ token_hash: sha256(token) }]);
    // The raw token is nowhere in the table, nor in any other table but the mailbox.
    for (const table of ['password_reset_tokens', 'security_events', 'sessions', 'users', 'login_attempts']) {
      const dump = await t.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM ${table} x`);
      expect(dump.map((d) => d.j).join('\n')).not.toContain(token);
    }
    // A second user's token is different (random, not derived from the user).
    const v = await insertUser(t);
    expect(await requestResetToken(t, v.email)).not.toBe(token);
  });

  it('works once: the password changes, and the same link is refused afterwards', async () => {
    const u = await insertUser(t);
    const token = await requestResetToken(t, u.email);
    const ok = await confirmEn(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await login(t, u.email, u.password)).statusCode).toBe(401);
    expect((await login(t, u.email, OTHER_PASSWORD)).statusCode).toBe(200);
    const again = await confirmEn(token, 'Terceira@Senha3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalid);
    expect((await login(t, u.email, 'Terceira@Senha3')).statusCode).toBe(401);
  });

  it('expires after 1 hour', async () => {
    const u = await insertUser(t);
    const token = await requestResetToken(t, u.email);
    t.clock.advance(RESET_TOKEN_TTL_MS - 60_000);
    const v = await insertUser(t);
    const fresh = await requestResetToken(t, v.email);
    t.clock.advance(60_000);
    const late = await confirmEn(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(invalid);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    // A link 59 minutes old still works.
    t.clock.advance(RESET_TOKEN_TTL_MS - 2 * 60_000);
    expect((await confirmEn(fresh)).statusCode).toBe(200);
  });

  it('a new request voids the previous link', async () => {
    const u = await insertUser(t);
    const first = await requestResetToken(t, u.email);
    t.clock.advance(RESET_MAIL_INTERVAL_MS);
    const second = await requestResetToken(t, u.email);
    expect(second).not.toBe(first);
    expect((await confirmEn(first)).json()).toEqual(invalid);
    expect((await confirmEn(second)).statusCode).toBe(200);
  });

  it('an unknown e-mail gets the same 200 and no mail is written', async () => {
    const u = await insertUser(t);
    const known = await ask(u.email);
    const unknown = await ask('ninguem@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(await mailsTo(t, 'ninguem@example.com')).toEqual([]);
  });

  it('sends at most one mail a minute to a user; the answer does not change', async () => {
    const u = await insertUser(t);
    const first = await ask(u.email);
    t.clock.advance(RESET_MAIL_INTERVAL_MS - 1000);
    const second = await ask(u.email.toUpperCase());
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(await mailsTo(t, u.email, 'password_reset')).toHaveLength(1);
    t.clock.advance(1000);
    await ask(u.email);
    expect(await mailsTo(t, u.email, 'password_reset')).toHaveLength(2);
  });

  it('a reset ends every existing session of the user', async () => {
    const u = await insertUser(t);
    const second = sessionCookie(await login(t, u.email, u.password));
    for (const cookie of [u.cookie, second])
      expect((await t.request({ url: '/api/profile', cookie })).statusCode).toBe(200);
    const token = await requestResetToken(t, u.email);
    expect((await confirmReset(t, token)).statusCode).toBe(200);
    for (const cookie of [u.cookie, second]) {
      const res = await t.request({ url: '/api/profile', cookie });
      expect(res.statusCode).toBe(401);
    }
    const live = await t.query('SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [u.user.id]);
    expect(live).toEqual([]);
  });

  it('a forged or malformed token is refused', async () => {
    const u = await insertUser(t);
    const real = await requestResetToken(t, u.email);
    const forged = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    expect((await confirmEn(forged)).json()).toEqual(invalid);
    const malformed = await confirmEn('abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.token).toBe('This reset link is invalid or has expired.');
    // The hash of the real token as a token does not work either.
    expect((await confirmEn(sha256(real).slice(0, 43))).statusCode).toBe(400);
    expect((await confirmEn(real)).statusCode).toBe(200);
  });

  it('the new password follows the SPEC §5 rules', async () => {
    const u = await insertUser(t);
    const token = await requestResetToken(t, u.email);
    const weak = await confirmEn(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('AUTH_WEAK_PASSWORD');
    // The link was not spent by the refused attempt.
    expect((await confirmEn(token)).statusCode).toBe(200);
  });
});
