import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, TRIAL_DAYS } from '@candeia/shared/constants';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import type { ConversationDetailDto, ConversationPageDto } from '@candeia/shared/schemas/chat';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  balanceOf,
  deliver,
  expectLedgerInvariant,
  planBySlug,
  relogin,
  seconds,
  state,
  stripeEvent,
  subscribeLocally,
  subscriptionObject,
} from './support/billing.ts';
import { sendMessage } from './support/chat.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { insertScriptureFixtures } from './support/scripture.ts';

/**
 * Where a member lands when what they had ends: a canceled paid plan at its period end, and a
 * trial that ended unpaid. Both are the free plan (the Bible and the sacred books), as the
 * screens promise; the credits left are kept (decision 018); the chat's history stays readable.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScriptureFixtures(t);
});
afterAll(() => t?.close());

const FREE_FEATURES = { bible: true, chat: false, community: false, live: false, referral_program: false };

/** GET /api/scripture/favourites: a screen of the Bible (the 'bible' flag). */
const bibleStatus = (u: TestUser) =>
  t.request({ url: '/api/scripture/favourites', cookie: u.cookie }).then((r) => r.statusCode);

describe('a canceled paid plan, at the end of its period: the free plan, not a blocked account', () => {
  it('through the billing housekeeping (local provider): free plan, the Bible open, credits kept', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'gold');
    const cancel = await t.request({ method: 'POST', url: '/api/billing/cancel', cookie: u.cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const end = new Date(cancel.json().currentPeriodEnd as string);
    const credits = await balanceOf(t, u.user.id);

    t.clock.set(new Date(end.getTime() + 60_000));
    await billingHousekeeping(t.app.deps);
    // Straight from the housekeeping, before any read of the member: the row is on the free plan.
    const [row] = await t.query<{ status: string; slug: string; cancel_at_period_end: boolean }>(
      `SELECT s.status, p.slug, s.cancel_at_period_end FROM user_subscriptions s
       JOIN subscription_plans p ON p.id = s.plan_id WHERE s.user_id = $1`,
      [u.user.id],
    );
    expect(row).toEqual({ status: 'active', slug: 'free', cancel_at_period_end: false });

    await relogin(t, u);
    const s = await state(t, u);
    expect(s).toMatchObject({ status: 'active', allowed: true, planSlug: 'free', isTrial: false });
    expect(s.features).toEqual(FREE_FEATURES);
    expect(s.creditsRemaining).toBe(credits);
    expect(await bibleStatus(u)).toBe(200);
    // A second run changes nothing.
    await billingHousekeeping(t.app.deps);
    expect(await state(t, u)).toEqual(s);
    await expectLedgerInvariant(t);
  });

  it('through Stripe: the "deleted" event of a subscription set to cancel moves to the free plan', async () => {
    const u = await insertUser(t);
    const plan = await planBySlug(t, 'silver');
    const t0 = seconds(t.clock.now());
    const sub = subscriptionObject({
      id: `sub_fallback_${u.user.id.slice(0, 8)}`,
      customer: `cus_fallback_${u.user.id.slice(0, 8)}`,
      userId: u.user.id,
      planId: plan.id,
      created: t0,
      periodEnd: t0 + 30 * 86400,
    });
    const ok = (r: { statusCode: number; body: string }) => expect(r.statusCode, r.body).toBe(200);
    ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub, { created: t0 })));
    ok(
      await deliver(
        t,
        stripeEvent(t, 'customer.subscription.updated', { ...sub, cancel_at_period_end: true }, { created: t0 + 10 }),
      ),
    );
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'silver' });
    t.clock.advance(31 * DAY_MS);
    ok(
      await deliver(
        t,
        stripeEvent(
          t,
          'customer.subscription.deleted',
          { ...sub, status: 'canceled', cancel_at_period_end: true },
          { created: t0 + 31 * 86400 },
        ),
      ),
    );
    await relogin(t, u);
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true, planSlug: 'free' });
    expect(await bibleStatus(u)).toBe(200);
  });

  it('a row left "canceled" at its period end by the earlier rule is moved to the free plan too', async () => {
    const u = await insertUser(t);
    const gold = await planBySlug(t, 'gold');
    await t.query(
      `UPDATE user_subscriptions SET plan_id = $1, status = 'canceled', is_trial = false, trial_end_date = NULL,
         cancel_at_period_end = true, current_period_end = $2, expires_at = $2 WHERE user_id = $3`,
      [gold.id, new Date(t.clock.now().getTime() - DAY_MS), u.user.id],
    );
    await billingHousekeeping(t.app.deps);
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true, planSlug: 'free' });
  });
});

describe('a trial that ended: the chat says it is not in the plan, the history stays readable', () => {
  it('list, read, rename and delete conversations; sending refused with the translated message; credits kept', async () => {
    const u = await insertUser(t);
    const first = await sendMessage(t, u.cookie, 'Estou ansioso com o meu trabalho');
    expect(first.res.statusCode, first.res.body).toBe(200);
    const second = await sendMessage(t, u.cookie, 'Preciso de esperança');
    expect(second.res.statusCode).toBe(200);
    const left = await balanceOf(t, u.user.id);
    expect(left).toBeLessThan(TRIAL_CREDITS);

    t.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    await billingHousekeeping(t.app.deps);
    await relogin(t, u);
    const s = await state(t, u);
    expect(s).toMatchObject({ planSlug: 'free', isTrial: false, allowed: true, creditsRemaining: left });
    expect(s.features).toMatchObject({ chat: false });

    const list = await t.request({ url: '/api/chat/conversations', cookie: u.cookie });
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<ConversationPageDto>();
    expect(page.total).toBe(2);
    const id = page.items[0]!.id;
    const read = await t.request({ url: `/api/chat/conversations/${id}`, cookie: u.cookie });
    expect(read.statusCode, read.body).toBe(200);
    const detail = read.json<ConversationDetailDto>();
    expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/chat/conversations/${id}`,
      cookie: u.cookie,
      payload: { title: 'Esperança' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    for (const [locale, message] of [
      ['pt-BR', 'Este recurso não faz parte do seu plano. Faça upgrade para usá-lo.'],
      ['en-US', "This feature isn't part of your plan. Upgrade to use it."],
    ] as const) {
      const refused = await sendMessage(t, u.cookie, 'Mais uma pergunta', { conversationId: id, locale });
      expect(refused.res.statusCode).toBe(403);
      expect(refused.res.json().error).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', message });
    }
    const regenerate = await t.request({
      method: 'POST',
      url: `/api/chat/conversations/${id}/regenerate`,
      cookie: u.cookie,
    });
    expect(regenerate.statusCode).toBe(403);
    expect(await balanceOf(t, u.user.id)).toBe(left);

    const removed = await t.request({ method: 'DELETE', url: `/api/chat/conversations/${id}`, cookie: u.cookie });
    expect(removed.statusCode).toBe(204);
    const after = (await t.request({ url: '/api/chat/conversations', cookie: u.cookie })).json<ConversationPageDto>();
    expect(after.total).toBe(1);
    await expectLedgerInvariant(t);
  });
});
