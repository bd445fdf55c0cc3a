import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS, TEST_CARD_DECLINED } from '@candeia/shared/schemas/billing';
import { createTestApp } from './support/app.ts';
import { balanceOf, cookies, expectLedgerInvariant, pay, payerCookie, state } from './support/billing.ts';
import { insertUser, uniqueIp } from './support/factories.ts';

const t = await createTestApp();
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

const donate = (payload: unknown, opts: { cookie?: string; locale?: string; ip?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/api/donations',
    payload: payload as object,
    cookie: opts.cookie,
    locale: opts.locale,
    remoteAddress: opts.ip ?? uniqueIp(),
  });

const donationOf = async (sessionId: string) =>
  (
    await t.query<{
      status: string;
      user_id: string | null;
      email: string | null;
      amount_cents: number;
      paid_at: Date | null;
    }>('SELECT status, user_id, email, amount_cents, paid_at FROM donations WHERE checkout_session_id = $1', [
      sessionId,
    ])
  )[0]!;

describe('donations through the local provider', () => {
  it('signed out: pending until the webhook, then paid; nothing else changes', async () => {
    const res = await donate({ amountCents: 2_500, email: 'amiga@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const { url, sessionId } = res.json();
    expect(url).toBe(`/testes-stripe?session=${sessionId}`);
    const browser = { sessionId, cookie: payerCookie(res) };
    expect(await donationOf(sessionId)).toMatchObject({
      status: 'pending',
      user_id: null,
      email: 'amiga@example.com',
      amount_cents: 2500,
      paid_at: null,
    });
    const session = await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` });
    expect(session.json()).toEqual({
      id: sessionId,
      kind: 'donation',
      status: 'open',
      amountCents: 2500,
      currency: 'BRL',
      planName: null,
      subscription: null,
      lastError: null,
    });
    const declined = await pay(t, browser, TEST_CARD_DECLINED);
    expect(declined.json().error).toBe('PAYMENT_DECLINED');
    expect((await donationOf(sessionId)).status).toBe('pending');

    const paid = await pay(t, browser);
    expect(paid.json()).toEqual({
      status: 'complete',
      redirectUrl: `/checkout/success?session_id=${sessionId}`,
      error: null,
    });
    const d = await donationOf(sessionId);
    expect(d.status).toBe('paid');
    expect(d.paid_at).toEqual(t.clock.now());
    expect((await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` })).json()).toMatchObject({
      status: 'complete',
      subscription: null,
    });
    expect(await t.query("SELECT id FROM webhook_events WHERE type = 'checkout.session.completed'")).not.toHaveLength(
      0,
    );
  });

  it('signed in: the donor is recorded, with the account e-mail unless another is typed; plan and credits untouched', async () => {
    const u = await insertUser(t);
    const before = await state(t, u);
    const res = await donate({ amountCents: 10_000 }, { cookie: u.cookie });
    const { sessionId } = res.json();
    expect(await donationOf(sessionId)).toMatchObject({ user_id: u.user.id, email: u.email });
    await pay(t, { sessionId, cookie: cookies(u.cookie, payerCookie(res)) });
    expect((await donationOf(sessionId)).status).toBe('paid');
    expect(await state(t, u)).toEqual(before);
    expect(await balanceOf(t, u.user.id)).toBe(before.creditsRemaining);
    const other = await donate({ amountCents: 100, email: ' Outro@Example.com ' }, { cookie: u.cookie });
    expect(await donationOf(other.json().sessionId)).toMatchObject({ user_id: u.user.id, email: 'outro@example.com' });
  });

  it.each([[DONATION_MIN_CENTS - 1], [DONATION_MAX_CENTS + 1], [12.5], [0], [-100], ['50'], [null]])(
    'amount %j → 400 with the donation message',
    async (amountCents) => {
      const before = (await t.query('SELECT id FROM donations')).length;
      const res = await donate({ amountCents }, { locale: 'en-US' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ amountCents: 'Invalid value: please enter a valid donation amount.' });
      const pt = await donate({ amountCents }, { locale: 'pt-BR' });
      expect(pt.json().error.fields.amountCents).toMatch(/^Valor Inválido/);
      expect(await t.query('SELECT id FROM donations')).toHaveLength(before);
    },
  );

  it('the bounds themselves are accepted; a bad e-mail is refused with the e-mail message', async () => {
    expect((await donate({ amountCents: DONATION_MIN_CENTS })).statusCode).toBe(200);
    expect((await donate({ amountCents: DONATION_MAX_CENTS })).statusCode).toBe(200);
    const bad = await donate({ amountCents: 1000, email: 'nope' }, { locale: 'en-US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_INVALID_FORMAT',
      fields: { email: 'Invalid email format' },
    });
    expect((await donate({ amountCents: 1000, extra: 1 })).statusCode).toBe(400);
  });

  it('at most 10 donations a minute from one address', async () => {
    const ip = uniqueIp();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await donate({ amountCents: 100 }, { ip })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});
