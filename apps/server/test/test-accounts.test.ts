import { afterAll, describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { needsRehash } from '../src/lib/passwords.ts';
import { createTestApp } from './support/app.ts';
import { balanceOf } from './support/billing.ts';
import { grantCredits } from './support/accounts.ts';
import { insertAccount, login, storedHash } from './support/factories.ts';

const t = await createTestApp();
afterAll(async () => t.close());

/** The accounts the tests (server and browser) are made of are the ones the server itself makes. */
describe('test accounts (support/accounts.ts)', () => {
  it('sign in with their password, hashed with the current parameters; the session cookie works', async () => {
    const u = await insertAccount(t);
    expect(needsRehash(await storedHash(t, u.user.id))).toBe(false);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    const me = await t.request({ url: '/api/profile', cookie: u.cookie });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: u.user.id, emailVerified: true });
  });

  it('start on the trial with its credits, or with the balance asked, every change in the ledger', async () => {
    const trial = await insertAccount(t);
    expect(await balanceOf(t, trial.user.id)).toBe(TRIAL_CREDITS);
    const none = await insertAccount(t, { credits: 0 });
    expect(await balanceOf(t, none.user.id)).toBe(0);
    expect(await grantCredits(t.database.db, none.user.id, 700)).toBe(700);
    const ledger = await t.query<{ kind: string; delta: number }>(
      'SELECT kind, delta FROM credit_ledger WHERE user_id = $1 ORDER BY id',
      [none.user.id],
    );
    expect(ledger).toEqual([
      { kind: 'trial', delta: TRIAL_CREDITS },
      { kind: 'plan_reset', delta: -TRIAL_CREDITS },
      { kind: 'admin_grant', delta: 700 },
    ]);
    const [sub] = await t.query<{ status: string; is_trial: boolean }>(
      'SELECT status, is_trial FROM user_subscriptions WHERE user_id = $1',
      [none.user.id],
    );
    expect(sub).toEqual({ status: 'trialing', is_trial: true });
  });
});
