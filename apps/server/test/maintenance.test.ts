import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@candeia/shared/constants';
import { purgeExpired, RETENTION_MS } from '../src/modules/maintenance/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertUser, login, requestResetToken } from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const count = async (table: string) =>
  Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

describe('housekeeping', () => {
  it('deletes spent sessions, attempts, reset and verification tokens after the retention, and nothing live', async () => {
    const old = await insertUser(t);
    await login(t, old.email, 'Errada@2026');
    await requestResetToken(t, old.email);
    const before = {
      sessions: await count('sessions'),
      attempts: await count('login_attempts'),
      tokens: await count('password_reset_tokens'),
      links: await count('email_verification_tokens'),
    };
    expect(before.sessions).toBeGreaterThan(0);
    expect(before.attempts).toBeGreaterThan(0);
    expect(before.tokens).toBeGreaterThan(0);
    expect(before.links).toBeGreaterThan(0);

    // Nothing is old enough yet.
    expect(await purgeExpired(t.database.db, t.clock.now())).toEqual({
      attempts: 0,
      sessions: 0,
      resetTokens: 0,
      verificationTokens: 0,
      socialSignIns: 0,
    });

    t.clock.advance(RETENTION_MS + 2 * DAY_MS);
    const fresh = await insertUser(t);
    const res = await purgeExpired(t.database.db, t.clock.now());
    expect(res.attempts).toBe(before.attempts);
    expect(res.sessions).toBe(before.sessions);
    expect(res.resetTokens).toBe(before.tokens);
    expect(res.verificationTokens).toBe(before.links);
    // The new user's live link survives.
    expect(await count('email_verification_tokens')).toBe(1);
    // The new user's live session survives, and so do the security events.
    const me = await t.request({ url: '/api/auth/session', cookie: fresh.cookie });
    expect(me.statusCode).toBe(200);
    expect(await count('security_events')).toBeGreaterThan(0);
  });

  it('deletes social sign-ins once expired, with what the provider said; a live one stays', async () => {
    const now = t.clock.now();
    const row = (token: string, expires: Date) =>
      t.query(
        `INSERT INTO social_sign_ins (token_hash, provider, purpose, state, code_verifier, nonce, created_at, expires_at,
                                      callback_at, step, subject, email, first_name, last_name)
         VALUES ($1, 'oidc', 'sign_in', 's', 'v', 'n', $2, $3, $2, 'signup', 'sub', 'ana@example.com', 'Ana', 'Lima')`,
        [token, now, expires],
      );
    await row('expired', new Date(now.getTime() - 1000));
    await row('live', new Date(now.getTime() + 10 * 60_000));
    const res = await purgeExpired(t.database.db, now);
    expect(res.socialSignIns).toBe(1);
    expect(await t.query(`SELECT token_hash FROM social_sign_ins`)).toEqual([{ token_hash: 'live' }]);
  });
});
