import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.ts';
import { insertUser } from './support/factories.ts';

const t = await createTestApp();
afterAll(async () => t.close());

describe('GET /api/plans: the seeded catalogue (PRODUCT.md, SPEC.md §3 and §9)', () => {
  it('active public plans, cheapest first, with the seeded feature mapping', async () => {
    const res = await t.request({ url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json() as Array<Record<string, unknown>>;
    expect(plans.map((p) => [p.slug, p.name, p.monthlyPriceCents, p.credits])).toEqual([
      ['free', 'Plano Gratuito', 0, 0],
      ['platinum', 'Platinum', 10_990, 100_000],
      ['silver', 'Silver', 15_990, 250_000],
      ['gold', 'Gold', 24_990, 300_000],
      ['diamond', 'Diamond', 49_990, 1_000_000],
    ]);
    const f = (bible: boolean, chat: boolean, community: boolean, live: boolean, referral: boolean) => ({
      bible,
      chat,
      community,
      live,
      referral_program: referral,
    });
    expect(plans.map((p) => p.features)).toEqual([
      f(true, false, false, false, false),
      f(true, true, true, false, false),
      f(true, true, true, false, true),
      f(true, true, true, true, true),
      f(true, true, true, true, true),
    ]);
    for (const p of plans) expect(p).toMatchObject({ currency: 'BRL', isActive: true, isPublic: true });
    // The price id is not part of the public answer.
    expect(JSON.stringify(plans)).not.toContain('stripe');
  });

  it('inactive and private plans are not listed; features given as labels are normalised', async () => {
    await t.query(
      `INSERT INTO subscription_plans (slug, name, credits, monthly_price_cents, features, is_active, is_public) VALUES
       ('angel', 'Angel', 5000, 2000, '["Chat espiritual personalizado", "Comunidade", "Textos sagrados"]', true, true),
       ('hidden', 'Hidden', 1, 100, '{}', true, false),
       ('old', 'Old', 1, 100, '{}', false, true)`,
    );
    const plans = (await t.request({ url: '/api/plans' })).json() as Array<{ slug: string; features: unknown }>;
    expect(plans.map((p) => p.slug)).toEqual(['free', 'angel', 'platinum', 'silver', 'gold', 'diamond']);
    expect(plans[1]!.features).toEqual({
      bible: true,
      chat: true,
      community: true,
      live: false,
      referral_program: false,
    });
  });
});

describe('admin plans: GET/POST/PUT /api/admin/plans', () => {
  it('lists every plan, creates and edits them (labels or flags), logs each save', async () => {
    const admin = await insertUser(t, { role: 'admin' });
    const all = (await t.request({ url: '/api/admin/plans', cookie: admin.cookie })).json() as Array<{ slug: string }>;
    expect(all.map((p) => p.slug)).toEqual(expect.arrayContaining(['hidden', 'old', 'free', 'diamond']));

    const body = {
      slug: 'querubim',
      name: 'Querubim',
      description: 'Plano da comunidade',
      credits: 15_000,
      monthlyPriceCents: 5_500,
      features: ['Community chat', 'Live spiritual therapy', 'Programa de indicação'],
      stripePriceId: ' price_querubim ',
      isActive: true,
      isPublic: true,
    };
    const created = await t.request({ method: 'POST', url: '/api/admin/plans', cookie: admin.cookie, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      slug: 'querubim',
      credits: 15_000,
      monthlyPriceCents: 5_500,
      features: { bible: false, chat: true, community: true, live: true, referral_program: true },
    });
    const [stored] = await t.query('SELECT stripe_price_id, features FROM subscription_plans WHERE id = $1', [plan.id]);
    expect(stored).toEqual({ stripe_price_id: 'price_querubim', features: body.features });
    // The admin sees the price id, and a save that leaves it out keeps it.
    expect(plan.stripePriceId).toBe('price_querubim');
    const listed = (await t.request({ url: '/api/admin/plans', cookie: admin.cookie })).json() as Array<{
      id: string;
      stripePriceId: string | null;
    }>;
    expect(listed.find((p) => p.id === plan.id)?.stripePriceId).toBe('price_querubim');
    const { stripePriceId: _omitted, ...withoutPriceId } = body;
    const kept = await t.request({
      method: 'PUT',
      url: `/api/admin/plans/${plan.id}`,
      cookie: admin.cookie,
      payload: { ...withoutPriceId, credits: 16_000 },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ credits: 16_000, stripePriceId: 'price_querubim' });
    // The public catalogue never shows it.
    expect(JSON.stringify((await t.request({ url: '/api/plans' })).json())).not.toContain('price_');

    const dup = await t.request({ method: 'POST', url: '/api/admin/plans', cookie: admin.cookie, payload: body });
    expect(dup.statusCode).toBe(400);
    expect(Object.keys(dup.json().error.fields)).toEqual(['slug']);

    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/plans/${plan.id}`,
      cookie: admin.cookie,
      payload: {
        ...body,
        features: { bible: true, live: true },
        monthlyPriceCents: 6_000,
        isPublic: false,
        stripePriceId: null,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      stripePriceId: null,
      monthlyPriceCents: 6_000,
      isPublic: false,
      features: { bible: true, chat: false, community: false, live: true, referral_program: false },
    });
    expect((await t.request({ url: '/api/plans' })).json().map((p: { slug: string }) => p.slug)).not.toContain(
      'querubim',
    );

    const missing = await t.request({
      method: 'PUT',
      url: '/api/admin/plans/00000000-0000-4000-8000-000000000000',
      cookie: admin.cookie,
      payload: body,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PLAN_NOT_FOUND');

    const events = await t.query<{ details: string }>(
      "SELECT details FROM security_events WHERE type = 'admin_plan_saved' AND user_id = $1 ORDER BY id",
      [admin.user.id],
    );
    expect(events.map((e) => e.details)).toEqual([
      `created ${plan.id} Querubim`,
      `updated ${plan.id} Querubim`,
      `updated ${plan.id} Querubim`,
    ]);
  });

  it('validation: the plan messages, and no unknown fields', async () => {
    const admin = await insertUser(t, { role: 'admin' });
    const base = { name: 'X', credits: 0, monthlyPriceCents: 0, features: {}, isActive: true, isPublic: true };
    const cases: Array<[object, string, string]> = [
      [{ ...base, name: ' ' }, 'name', 'Enter the plan name (up to 100 characters).'],
      [{ ...base, monthlyPriceCents: -1 }, 'monthlyPriceCents', 'Enter a valid price (0 or more).'],
      [{ ...base, credits: 1.5 }, 'credits', 'Enter a valid number of credits (0 or more).'],
      [{ ...base, role: 'admin' }, '', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/plans',
        cookie: admin.cookie,
        payload,
        locale: 'en-US',
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field && message) expect(res.json().error.fields[field]).toBe(message);
      else if (field) expect(res.json().error.fields).toHaveProperty(field);
    }
    const user = await insertUser(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/admin/plans', cookie: user.cookie, payload: base })).statusCode,
    ).toBe(403);
  });
});
