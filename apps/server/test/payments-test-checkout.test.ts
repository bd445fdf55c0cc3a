import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, TRIAL_DAYS } from '@candeia/shared/constants';
import { TEST_CARD_DECLINED } from '@candeia/shared/schemas/billing';
import { loadConfig } from '../src/config.ts';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { paymentsMode, testCheckoutEnabled } from '../src/modules/payments/provider.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  balanceOf,
  checkout,
  cookies,
  donation,
  expectLedgerInvariant,
  pay,
  payerCookie,
  planBySlug,
  relogin,
  state,
  subscribeLocally,
} from './support/billing.ts';
import { insertUser, uniqueIp } from './support/factories.ts';

/** PRODUCT.md "Test checkout": the card 4242… is for the demo, and only the checkout's owner pays. */

const LOCALES = ['pt-BR', 'en-US', 'es-ES'] as const;

/** The translated message of an error code, in each locale (the catalogue is the reference). */
async function expectTranslated(
  send: (locale: string) => Promise<{ statusCode: number; json(): unknown }>,
  code: string,
  status: number,
) {
  const texts = new Set<string>();
  for (const locale of LOCALES) {
    const res = await send(locale);
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).not.toMatch(/^errors:|^$/);
    texts.add(body.error.message);
  }
  expect(texts.size, `${code} is worded differently in each locale`).toBe(3);
}

describe('when the test checkout is on by default', () => {
  const env = (vars: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...vars } as NodeJS.ProcessEnv);

  it('only where the demo data is, or when PAYMENTS_TEST_CHECKOUT says so; never beside Stripe', () => {
    const cases: Array<[Record<string, string>, ReturnType<typeof paymentsMode>]> = [
      [{}, 'test'], // the embedded database: the demo
      [{ DATABASE_URL: 'postgres://db.example/candeia' }, 'off'],
      [{ DATABASE_URL: 'postgres://db.example/candeia', SEED_DEMO: 'true' }, 'test'],
      [{ DATABASE_URL: 'postgres://db.example/candeia', PAYMENTS_TEST_CHECKOUT: 'true' }, 'test'],
      [{ DATABASE_URL: 'postgres://db.example/candeia', SEED_DEMO: 'true', PAYMENTS_TEST_CHECKOUT: 'false' }, 'off'],
      [{ SEED_DEMO: 'false' }, 'off'],
      [{ PAYMENTS_TEST_CHECKOUT: 'false' }, 'off'],
      [{ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PAYMENTS_TEST_CHECKOUT: 'true' }, 'stripe'],
    ];
    for (const [vars, mode] of cases) {
      const config = env(vars);
      expect(paymentsMode(config), JSON.stringify(vars)).toBe(mode);
      expect(testCheckoutEnabled(config), JSON.stringify(vars)).toBe(mode === 'test');
    }
  });

  it('a bad PAYMENTS_TEST_CHECKOUT stops the configuration, naming it', () => {
    expect(() => env({ PAYMENTS_TEST_CHECKOUT: 'maybe' })).toThrow(/PAYMENTS_TEST_CHECKOUT/);
  });
});

describe('a deployment with DATABASE_URL, no Stripe and no SEED_DEMO: payments are not configured', () => {
  let off: TestApp;
  beforeAll(async () => {
    // The database the test clones is this app's own; DATABASE_URL only says "not the embedded one".
    off = await createTestApp({ DATABASE_URL: 'postgres://db.example/candeia' });
  });
  afterAll(async () => off?.close());
  afterEach(async () => expectLedgerInvariant(off));

  it('the public config tells the web app', async () => {
    const res = await off.request({ url: '/api/config/public' });
    expect(res.json()).toMatchObject({ payments: 'off' });
  });

  it('a paid plan cannot be bought: 503 PAYMENTS_NOT_CONFIGURED, translated, and no checkout is opened', async () => {
    const u = await insertUser(off);
    const silver = await planBySlug(off, 'silver');
    await expectTranslated(
      (locale) =>
        off.request({
          method: 'POST',
          url: '/api/billing/checkout',
          cookie: u.cookie,
          locale,
          payload: { planId: silver.id },
        }),
      'PAYMENTS_NOT_CONFIGURED',
      503,
    );
    expect(await off.query('SELECT id FROM checkout_sessions')).toEqual([]);
    expect(await state(off, u)).toMatchObject({ status: 'trialing', isTrial: true });
    const details = await off.request({ url: '/api/billing/subscription', cookie: u.cookie });
    expect(details.json()).toMatchObject({ provider: null, hasPaidSubscription: false });
    // The free plan needs no payment: choosing it still works.
    const free = await planBySlug(off, 'free');
    const toFree = await off.request({
      method: 'POST',
      url: '/api/billing/checkout',
      cookie: u.cookie,
      payload: { planId: free.id },
    });
    expect(toFree.statusCode, toFree.body).toBe(200);
    expect(toFree.json()).toEqual({ url: '/subscription', sessionId: '' });
  });

  it('a donation cannot be made: 503 PAYMENTS_NOT_CONFIGURED, translated, nothing recorded, no cookie', async () => {
    await expectTranslated(
      async (locale) => {
        const res = await off.request({
          method: 'POST',
          url: '/api/donations',
          locale,
          payload: { amountCents: 2500 },
          remoteAddress: uniqueIp(),
        });
        expect(payerCookie(res)).toBeNull();
        return res;
      },
      'PAYMENTS_NOT_CONFIGURED',
      503,
    );
    expect(await off.query('SELECT id FROM donations')).toEqual([]);
  });

  it('the payment form takes no card, not even for a checkout opened while it was on', async () => {
    const u = await insertUser(off);
    const silver = await planBySlug(off, 'silver');
    const now = off.clock.now();
    await off.query(
      `INSERT INTO checkout_sessions (id, provider, kind, user_id, plan_id, amount_cents, currency, status, created_at, expires_at)
       VALUES ('chk_left_open', 'local', 'subscription', $1, $2, 15990, 'BRL', 'open', $3, $4)`,
      [u.user.id, silver.id, now, new Date(now.getTime() + DAY_MS)],
    );
    await expectTranslated(
      (locale) =>
        off.request({
          method: 'POST',
          url: '/api/billing/local/pay',
          cookie: u.cookie,
          locale,
          payload: {
            sessionId: 'chk_left_open',
            cardNumber: '4242424242424242',
            expiry: '12/34',
            cvc: '123',
            name: 'Ana',
          },
          remoteAddress: uniqueIp(),
        }),
      'PAYMENTS_NOT_CONFIGURED',
      503,
    );
    expect(await off.query('SELECT status, provider_paid_at FROM checkout_sessions')).toEqual([
      { status: 'open', provider_paid_at: null },
    ]);
    expect(await state(off, u)).toMatchObject({ status: 'trialing' });
  });
});

describe('with the test checkout on', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app?.close());
  afterEach(async () => expectLedgerInvariant(app));

  const checkoutRow = async (id: string) =>
    (
      await app.query<{ status: string; last_error: string | null; provider_paid_at: Date | null }>(
        'SELECT status, last_error, provider_paid_at FROM checkout_sessions WHERE id = $1',
        [id],
      )
    )[0]!;
  const eventCount = async () => (await app.query('SELECT id FROM local_provider_events')).length;

  it('the public config says so', async () => {
    expect((await app.request({ url: '/api/config/public' })).json()).toMatchObject({ payments: 'test' });
  });

  describe('a plan checkout is paid only by the member who opened it', () => {
    it('signed out: 401, translated; nothing is recorded on the checkout', async () => {
      const u = await insertUser(app);
      const opened = await checkout(app, u, 'diamond');
      const events = await eventCount();
      await expectTranslated(
        (locale) =>
          app.request({
            method: 'POST',
            url: '/api/billing/local/pay',
            locale,
            payload: {
              sessionId: opened.sessionId,
              cardNumber: '4242 4242 4242 4242',
              expiry: '12/34',
              cvc: '123',
              name: 'X',
            },
            remoteAddress: uniqueIp(),
          }),
        'AUTH_REQUIRED',
        401,
      );
      expect(await checkoutRow(opened.sessionId)).toEqual({ status: 'open', last_error: null, provider_paid_at: null });
      expect(await eventCount()).toBe(events);
      expect(await state(app, u)).toMatchObject({ status: 'trialing', planSlug: 'free' });
    });

    it("another member's session: 403 CHECKOUT_OTHER_ACCOUNT, translated; neither account changes", async () => {
      const owner = await insertUser(app);
      const other = await insertUser(app);
      const opened = await checkout(app, owner, 'diamond');
      const before = [await state(app, owner), await state(app, other)];
      const events = await eventCount();
      await expectTranslated(
        (locale) =>
          app.request({
            method: 'POST',
            url: '/api/billing/local/pay',
            cookie: other.cookie,
            locale,
            payload: {
              sessionId: opened.sessionId,
              cardNumber: '4242424242424242',
              expiry: '12/34',
              cvc: '123',
              name: 'X',
            },
            remoteAddress: uniqueIp(),
          }),
        'CHECKOUT_OTHER_ACCOUNT',
        403,
      );
      // Not even a declined card is recorded for the stranger.
      const declined = await pay(app, { sessionId: opened.sessionId, cookie: other.cookie }, TEST_CARD_DECLINED);
      expect(declined.statusCode).toBe(403);
      expect(await checkoutRow(opened.sessionId)).toEqual({ status: 'open', last_error: null, provider_paid_at: null });
      expect(await eventCount()).toBe(events);
      expect([await state(app, owner), await state(app, other)]).toEqual(before);
      // The owner still pays it.
      const paid = await pay(app, opened);
      expect(paid.json().status).toBe('complete');
      expect(await state(app, owner)).toMatchObject({ status: 'active', planSlug: 'diamond' });
      expect(await state(app, other)).toEqual(before[1]);
    });

    it("the owner's ended session is told so (AUTH_SESSION_EXPIRED); signed in again, it pays", async () => {
      const u = await insertUser(app);
      const opened = await checkout(app, u, 'silver');
      app.clock.advance(13 * 60 * 60_000);
      const late = await pay(app, opened);
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('AUTH_SESSION_EXPIRED');
      await relogin(app, u);
      expect((await pay(app, { sessionId: opened.sessionId, cookie: u.cookie })).json().status).toBe('complete');
    });
  });

  describe('a past expiry date is refused like a declined card (by the app clock: March 2026)', () => {
    beforeAll(() => app.clock.set(new Date('2026-03-10T12:00:00Z')));
    it.each([['01/20'], ['02/26'], ['12/25'], ['02 / 26']])('%s → CARD_EXPIRED, nothing charged', async (expiry) => {
      const u = await insertUser(app);
      const opened = await checkout(app, u, 'diamond');
      const before = await state(app, u);
      const events = await eventCount();
      const res = await pay(app, opened, '4242424242424242', { expiry });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'failed', redirectUrl: null, error: 'CARD_EXPIRED' });
      expect(await checkoutRow(opened.sessionId)).toEqual({
        status: 'open',
        last_error: 'CARD_EXPIRED',
        provider_paid_at: null,
      });
      expect(await eventCount()).toBe(events);
      expect(await state(app, u)).toEqual(before);
      // The page reads why; a valid date then pays.
      const session = await app.request({ url: `/api/billing/checkout-sessions/${opened.sessionId}` });
      expect(session.json()).toMatchObject({ status: 'open', lastError: 'CARD_EXPIRED' });
      expect((await pay(app, opened, '4242424242424242', { expiry: '03/26' })).json().status).toBe('complete');
    });

    it('the message is translated in every locale', async () => {
      const { translate } = await import('@candeia/shared/i18n/server');
      const texts = LOCALES.map((l) => translate(l, 'errors:CARD_EXPIRED'));
      expect(new Set(texts).size).toBe(3);
      for (const text of texts) expect(text).not.toBe('errors:CARD_EXPIRED');
    });

    it('this month and later pay; a declined number with a valid date is still PAYMENT_DECLINED', async () => {
      const u = await insertUser(app);
      const opened = await checkout(app, u, 'gold');
      expect((await pay(app, opened, TEST_CARD_DECLINED, { expiry: '03/26' })).json().error).toBe('PAYMENT_DECLINED');
      expect((await pay(app, opened, '4242424242424242', { expiry: '04/26' })).json().status).toBe('complete');
    });
  });

  describe('a donation is paid only from the browser that opened it', () => {
    it('the opening browser gets an HttpOnly cookie for the API only; the checkout keeps its hash', async () => {
      const res = await app.request({
        method: 'POST',
        url: '/api/donations',
        payload: { amountCents: 5000 },
        remoteAddress: uniqueIp(),
      });
      const cookie = res.cookies.find((c) => c.name === 'candeia_payer')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/', maxAge: 86_400 });
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body).not.toContain(cookie.value);
      const [row] = await app.query<{ payer_token_hash: string }>(
        'SELECT payer_token_hash FROM checkout_sessions WHERE id = $1',
        [res.json().sessionId],
      );
      expect(row!.payer_token_hash).toBe(createHash('sha256').update(cookie.value).digest('hex'));
    });

    it('another browser (no cookie, its own cookie, or a signed-in session) is refused, translated; the opener pays', async () => {
      const opened = await donation(app, { amountCents: 7_500, email: 'doadora@example.com' });
      const stranger = await donation(app, { amountCents: 100 });
      const member = await insertUser(app);
      const events = await eventCount();
      for (const cookie of [
        null,
        stranger.cookie,
        member.cookie,
        'candeia_payer=' + 'A'.repeat(43),
        'candeia_payer=curto',
      ]) {
        await expectTranslated(
          (locale) =>
            app.request({
              method: 'POST',
              url: '/api/billing/local/pay',
              cookie,
              locale,
              payload: {
                sessionId: opened.sessionId,
                cardNumber: '4242424242424242',
                expiry: '12/34',
                cvc: '123',
                name: 'X',
              },
              remoteAddress: uniqueIp(),
            }),
          'CHECKOUT_OTHER_BROWSER',
          403,
        );
      }
      expect(await checkoutRow(opened.sessionId)).toEqual({ status: 'open', last_error: null, provider_paid_at: null });
      expect(await eventCount()).toBe(events);
      const paid = await pay(app, opened);
      expect(paid.json().status).toBe('complete');
      const [d] = await app.query('SELECT status FROM donations WHERE checkout_session_id = $1', [opened.sessionId]);
      expect(d).toEqual({ status: 'paid' });
    });

    it('one browser keeps one token for all its donations, signed in or not', async () => {
      const first = await donation(app, { amountCents: 1_000 });
      const second = await donation(app, { amountCents: 2_000 }, { cookie: first.cookie });
      expect(second.cookie).toBe(first.cookie);
      const u = await insertUser(app);
      const third = await donation(app, { amountCents: 3_000 }, { cookie: cookies(u.cookie, first.cookie) });
      expect(third.cookie).toBe(cookies(u.cookie, first.cookie));
      for (const c of [first, second, third]) expect((await pay(app, c)).json().status).toBe('complete');
    });
  });

  it('turned off later: checkouts stop, and a test subscription ends with its period instead of renewing', async () => {
    const u = await insertUser(app);
    await subscribeLocally(app, u, 'platinum');
    const credits = await balanceOf(app, u.user.id);
    const offDeps = { ...app.app.deps, config: { ...app.config, PAYMENTS_TEST_CHECKOUT: false } };
    // Bought on the first day of the trial: the first period ends a month after its 30 days.
    app.clock.advance((TRIAL_DAYS + 32) * DAY_MS);
    await billingHousekeeping(offDeps);
    const [local] = await app.query('SELECT status FROM local_provider_subscriptions WHERE user_id = $1', [u.user.id]);
    expect(local).toEqual({ status: 'canceled' });
    expect(
      await app.query("SELECT id FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_period'", [u.user.id]),
    ).toHaveLength(1);
    await relogin(app, u);
    expect(await state(app, u)).toMatchObject({ status: 'canceled', allowed: false });
    expect(await balanceOf(app, u.user.id)).toBeLessThanOrEqual(credits);

    // The same subscription with the checkout on renews (the comparison that makes the above mean something).
    const v = await insertUser(app);
    await subscribeLocally(app, v, 'platinum');
    app.clock.advance((TRIAL_DAYS + 32) * DAY_MS);
    await billingHousekeeping(app.app.deps);
    expect(
      await app.query("SELECT id FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_period'", [v.user.id]),
    ).toHaveLength(2);
  });
});
