import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDto } from '@candeia/shared/schemas/dashboard';
import { spend, spendAs } from '../src/modules/credits/service.ts';
import { createAccount } from './support/accounts.ts';
import { createTestApp } from './support/app.ts';
import { planBySlug } from './support/billing.ts';
import { insertAccount, type TestUser } from './support/factories.ts';

/**
 * The administration's dashboard (decision 028): rows seeded at known moments, the counts per day
 * read back exactly, days with nothing as 0, and the day a moment falls on taken in the reader's
 * zone. The test clock stands at 2026-03-10 12:00 UTC, so the 7-day range is 4–10 March.
 */

const t = await createTestApp();
afterAll(async () => t.close());

const at = (iso: string) => new Date(iso);
let admin: TestUser;
const DAYS = ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'];

beforeAll(async () => {
  // Everything made so far (the admin) is moved out of the range, so only the rows below count.
  admin = await insertAccount(t, { role: 'admin' });
  await t.query("UPDATE users SET created_at = '2026-01-01T00:00Z'");
  const db = t.database.db;
  const a = await createAccount(db, { now: at('2026-03-04T10:00:00Z'), credits: 20_000 });
  // 02:00 UTC on the 6th is 23:00 of the 5th in São Paulo.
  const b = await createAccount(db, { now: at('2026-03-06T02:00:00Z') });
  await createAccount(db, { now: at('2026-03-06T15:00:00Z') });
  await createAccount(db, { now: at('2026-02-20T15:00:00Z') });
  await t.query("UPDATE users SET first_payment_at = '2026-03-08T12:00Z' WHERE id = $1", [a.id]);

  // Credits: 300 spent on the 7th, a 1000-credit consultation on the 9th.
  await spend(db, a.id, 100, 'dash-1', null, at('2026-03-07T09:00:00Z'));
  await spend(db, a.id, 200, 'dash-2', null, at('2026-03-07T20:00:00Z'));
  await spendAs(db, a.id, 1000, 'consultation', 'dash-3', null, at('2026-03-09T09:00:00Z'));

  // Two answers of the guide on the 5th (one failed, not counted), one on the 10th.
  const [conv] = await t.query<{ id: string }>(
    "INSERT INTO chat_conversations (user_id, title) VALUES ($1, 'Paz') RETURNING id",
    [a.id],
  );
  for (const [when, status, role] of [
    ['2026-03-05T08:00Z', 'done', 'assistant'],
    ['2026-03-05T08:00Z', 'done', 'user'],
    ['2026-03-05T09:00Z', 'stopped', 'assistant'],
    ['2026-03-05T10:00Z', 'failed', 'assistant'],
    ['2026-03-10T11:00Z', 'done', 'assistant'],
  ])
    await t.query(
      `INSERT INTO chat_messages (conversation_id, user_id, role, kind, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [conv!.id, a.id, role, role === 'assistant' ? 'answer' : 'message', status, when],
    );
  // Posts: one on the 4th, two on the 8th.
  for (const when of ['2026-03-04T12:00Z', '2026-03-08T01:00Z', '2026-03-08T22:00Z'])
    await t.query('INSERT INTO community_posts (author_id, body, created_at) VALUES ($1, $2, $3)', [b.id, 'Paz', when]);

  // Money: a plan checkout paid on the 8th (BRL), donations on the 8th and 10th, one failed.
  const silver = await planBySlug(t, 'silver');
  const gold = await planBySlug(t, 'gold');
  await t.query(
    `INSERT INTO checkout_sessions (id, provider, kind, user_id, plan_id, amount_cents, currency, status, created_at, completed_at, expires_at)
     VALUES ('chk_dash_1', 'local', 'subscription', $1, $2, 15990, 'BRL', 'complete', '2026-03-08T11:00Z', '2026-03-08T12:00Z', '2026-03-09T00:00Z'),
            ('chk_dash_2', 'local', 'subscription', $1, $2, 15990, 'BRL', 'expired', '2026-03-09T11:00Z', NULL, '2026-03-09T12:00Z')`,
    [a.id, silver.id],
  );
  await t.query(
    `INSERT INTO donations (amount_cents, currency, status, created_at, paid_at) VALUES
       (1000, 'BRL', 'paid', '2026-03-08T10:00Z', '2026-03-08T10:05Z'),
       (2500, 'BRL', 'paid', '2026-03-10T10:00Z', '2026-03-10T10:05Z'),
       (700, 'BRL', 'failed', '2026-03-10T10:00Z', NULL),
       (500, 'USD', 'paid', '2026-03-06T10:00Z', '2026-03-06T10:05Z')`,
  );
  // Subscriptions: silver from the 8th on; gold from before the range until it ended on the 6th.
  await t.query(
    `INSERT INTO provider_subscriptions (id, provider, user_id, plan_id, status, provider_status, created_at, last_event_at, ended_at)
     VALUES ('sub_dash_1', 'local', $1, $2, 'active', 'active', '2026-03-08T12:00Z', '2026-03-08T12:00Z', NULL),
            ('sub_dash_2', 'local', $3, $4, 'canceled', 'canceled', '2026-02-01T12:00Z', '2026-03-06T18:00Z', '2026-03-06T18:00Z'),
            ('sub_dash_3', 'local', $3, $4, 'incomplete', 'incomplete', '2026-03-05T12:00Z', '2026-03-05T12:00Z', NULL)`,
    [a.id, silver.id, b.id, gold.id],
  );
});

const get = (q: string) => t.request({ url: `/api/admin/dashboard${q}`, cookie: admin.cookie, locale: 'en-US' });

describe('GET /api/admin/dashboard', () => {
  it('counts each day of the range exactly, with zeros for the days with nothing (UTC)', async () => {
    const res = await get('?days=7&tz=UTC');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<DashboardDto>();
    expect(d).toMatchObject({ from: '2026-03-04', to: '2026-03-10', timeZone: 'UTC', days: DAYS });
    expect(d.newMembers).toEqual([1, 0, 2, 0, 0, 0, 0]);
    // The ledger's rows stay where they were written: the admin's trial began today.
    expect(d.trialsStarted).toEqual([1, 0, 2, 0, 0, 0, 1]);
    expect(d.trialsConverted).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(d.creditsSpent).toEqual([0, 0, 0, 300, 0, 1000, 0]);
    expect(d.chatAnswers).toEqual([0, 2, 0, 0, 0, 0, 1]);
    expect(d.posts).toEqual([1, 0, 0, 0, 2, 0, 0]);
    expect(d.revenue).toEqual([
      { currency: 'BRL', subscriptions: [0, 0, 0, 0, 15990, 0, 0], donations: [0, 0, 0, 0, 1000, 0, 2500] },
      { currency: 'USD', subscriptions: [0, 0, 0, 0, 0, 0, 0], donations: [0, 0, 500, 0, 0, 0, 0] },
    ]);
    const byName = Object.fromEntries(d.activeByPlan.map((p) => [p.name, p.counts]));
    expect(byName).toEqual({
      Silver: [0, 0, 0, 0, 1, 1, 1],
      Gold: [1, 1, 0, 0, 0, 0, 0],
    });
  });

  it('takes the days in the reader’s zone: 02:00 UTC on the 6th is the 5th in São Paulo', async () => {
    const d = (await get('?days=7&tz=America/Sao_Paulo')).json<DashboardDto>();
    expect(d).toMatchObject({ from: '2026-03-04', to: '2026-03-10', days: DAYS });
    expect(d.newMembers).toEqual([1, 1, 1, 0, 0, 0, 0]);
    // 01:00 UTC on the 8th is 22:00 of the 7th there.
    expect(d.posts).toEqual([1, 0, 0, 1, 1, 0, 0]);
    // The gold subscription ended at 15:00 on the 6th, local time: still active at the end of the 5th.
    expect(d.activeByPlan.find((p) => p.name === 'Gold')!.counts).toEqual([1, 1, 0, 0, 0, 0, 0]);
  });

  it('30 and 90 days: as many days, ending today, the same totals', async () => {
    for (const days of [30, 90]) {
      const d = (await get(`?days=${days}&tz=UTC`)).json<DashboardDto>();
      expect(d.days).toHaveLength(days);
      expect(d.to).toBe('2026-03-10');
      expect(d.days.at(-7)).toBe('2026-03-04');
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      // The member of 20 February is in both (the admin was moved to 1 January, out of 30 days).
      expect(sum(d.newMembers)).toBe(days === 30 ? 4 : 5);
      expect(sum(d.chatAnswers)).toBe(3);
      expect(d.newMembers.slice(-7)).toEqual([1, 0, 2, 0, 0, 0, 0]);
    }
  });

  it('refuses another range or an unknown zone with a translated message; members get 403', async () => {
    for (const q of ['?days=8', '?days=abc', '?tz=Mars/Olympus', '?tz=%00']) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(3);
    }
    const member = await insertAccount(t);
    expect((await t.request({ url: '/api/admin/dashboard', cookie: member.cookie })).statusCode).toBe(403);
  });
});
