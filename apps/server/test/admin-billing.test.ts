import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_GRANT_MAX } from '@candeia/shared/constants';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { createTestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant, pay, payerCookie, subscribeLocally } from './support/billing.ts';
import { insertUser, uniqueIp, type TestUser } from './support/factories.ts';

const t = await createTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await insertUser(t, { role: 'admin' });
});
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

const get = (url: string) =>
  t.request({ url, cookie: admin.cookie }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  });

describe('GET /api/admin/subscriptions', () => {
  it('pages every subscription with plan, status, balance and period; filters by status and text', async () => {
    const paying = await insertUser(t, { firstName: 'Pagante' });
    await subscribeLocally(t, paying, 'gold');
    await t.request({ method: 'POST', url: '/api/billing/cancel', cookie: paying.cookie });
    const trial = await insertUser(t, { firstName: 'Teste' });

    const all = await get('/api/admin/subscriptions?pageSize=200');
    expect(all.total).toBeGreaterThanOrEqual(3);
    const row = all.items.find((r: { userId: string }) => r.userId === paying.user.id);
    expect(row).toEqual({
      userId: paying.user.id,
      email: paying.email,
      firstName: 'Pagante',
      planName: 'Gold',
      status: 'active',
      isTrial: false,
      creditsRemaining: TRIAL_CREDITS + 300_000,
      currentPeriodEnd: expect.any(String),
      cancelAtPeriodEnd: true,
      updatedAt: expect.any(String),
    });
    const trialing = await get('/api/admin/subscriptions?status=trialing&pageSize=200');
    expect(trialing.items.map((r: { userId: string }) => r.userId)).toContain(trial.user.id);
    expect(trialing.items.every((r: { status: string }) => r.status === 'trialing')).toBe(true);
    const byName = await get(`/api/admin/subscriptions?q=${encodeURIComponent('pagante')}`);
    expect(byName.items.map((r: { userId: string }) => r.userId)).toEqual([paying.user.id]);
    const byEmail = await get(`/api/admin/subscriptions?q=${encodeURIComponent(paying.email.toUpperCase())}`);
    expect(byEmail.total).toBe(1);
    const none = await get('/api/admin/subscriptions?q=%25_');
    expect(none.items).toEqual([]);
    const paged = await get('/api/admin/subscriptions?page=1&pageSize=1');
    expect(paged).toMatchObject({ page: 1, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
  });
});

describe('GET /api/admin/donations', () => {
  it('pages donations newest first, filtered by status', async () => {
    const a = await t.request({
      method: 'POST',
      url: '/api/donations',
      payload: { amountCents: 1234 },
      remoteAddress: uniqueIp(),
    });
    expect(a.statusCode).toBe(200);
    t.clock.advance(1000);
    const b = await t.request({
      method: 'POST',
      url: '/api/donations',
      payload: { amountCents: 5678, email: 'paga@example.com' },
      remoteAddress: uniqueIp(),
    });
    await pay(t, { sessionId: b.json().sessionId, cookie: payerCookie(b) });
    const all = await get('/api/admin/donations');
    expect(all.items.slice(0, 2)).toMatchObject([
      { amountCents: 5678, status: 'paid', email: 'paga@example.com', currency: 'BRL', paidAt: expect.any(String) },
      { amountCents: 1234, status: 'pending', email: null, paidAt: null, userId: null },
    ]);
    const paid = await get('/api/admin/donations?status=paid');
    expect(paid.items.every((d: { status: string }) => d.status === 'paid')).toBe(true);
    expect(paid.items.map((d: { amountCents: number }) => d.amountCents)).toContain(5678);
    expect(paid.items.map((d: { amountCents: number }) => d.amountCents)).not.toContain(1234);
    expect((await t.request({ url: '/api/admin/donations?status=lost', cookie: admin.cookie })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/credits/grant', () => {
  const grant = (payload: object, cookie = admin.cookie) =>
    t.request({ method: 'POST', url: '/api/admin/credits/grant', cookie, payload, locale: 'en-US' });

  it('adds credits with a ledger row and a security event; the same key again grants nothing more', async () => {
    const u = await insertUser(t);
    const key = randomUUID();
    const first = await grant({ userId: u.user.id, amount: 1500, reason: 'Compensação', idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      entry: {
        id: expect.any(String),
        delta: 1500,
        balanceAfter: TRIAL_CREDITS + 1500,
        kind: 'admin_grant',
        reference: 'Compensação',
        createdAt: t.clock.now().toISOString(),
      },
      balance: TRIAL_CREDITS + 1500,
    });
    const again = await grant({ userId: u.user.id, amount: 9999, idempotencyKey: key });
    expect(again.json().entry).toEqual(first.json().entry);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + 1500);
    // The user sees it in their own ledger.
    const mine = await t.request({ url: '/api/credits/ledger', cookie: u.cookie });
    expect(mine.json().items[0]).toMatchObject({ kind: 'admin_grant', delta: 1500 });
    const events = await t.query(
      "SELECT details FROM security_events WHERE type = 'admin_credits_granted' AND details LIKE $1",
      [`%${u.email}%`],
    );
    expect(events).toEqual([{ details: `+1500 to ${u.email}: Compensação` }]);
  });

  it('refuses bad amounts with the credits message, an unknown user with 404, and non-admins', async () => {
    const u = await insertUser(t);
    for (const amount of [0, -5, 1.5, CREDIT_GRANT_MAX + 1, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, '10']) {
      const res = await grant({ userId: u.user.id, amount, idempotencyKey: randomUUID() });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.amount).toBe('Enter a whole number of credits from 1 to 100,000,000.');
    }
    expect((await grant({ userId: u.user.id, amount: 5, idempotencyKey: 'short' })).statusCode).toBe(400);
    const unknown = await grant({ userId: randomUUID(), amount: 5, idempotencyKey: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const self = await grant({ userId: u.user.id, amount: 5, idempotencyKey: randomUUID() }, u.cookie);
    expect(self.statusCode).toBe(403);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS);
  });
});
