import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LEDGER_PAGE_SIZE, TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { grant, spend } from '../src/modules/credits/service.ts';
import { createTestApp } from './support/app.ts';
import { expectLedgerInvariant } from './support/billing.ts';
import { insertUser } from './support/factories.ts';

const t = await createTestApp();
const db = t.database.db;
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

describe('SECURITY 19: the ledger is append-only', () => {
  it('UPDATE, DELETE and TRUNCATE are refused by the database, whoever asks', async () => {
    const u = await insertUser(t);
    const [row] = await t.query<{ id: string }>('SELECT id FROM credit_ledger WHERE user_id = $1', [u.user.id]);
    expect(row).toBeDefined();
    for (const sql of [
      'UPDATE credit_ledger SET delta = 999999 WHERE id = $1',
      'UPDATE credit_ledger SET kind = kind',
      'DELETE FROM credit_ledger WHERE id = $1',
      'DELETE FROM credit_ledger WHERE false',
      'TRUNCATE credit_ledger',
    ]) {
      await expect(t.query(sql, sql.includes('$1') ? [row!.id] : []), sql).rejects.toThrow(/append-only/);
    }
    const [same] = await t.query<{ delta: number }>('SELECT delta FROM credit_ledger WHERE id = $1', [row!.id]);
    expect(same!.delta).toBe(TRIAL_CREDITS);
  });

  it('a balance can never go below zero, even written by hand', async () => {
    const u = await insertUser(t);
    await expect(t.query('UPDATE credit_accounts SET balance = -1 WHERE user_id = $1', [u.user.id])).rejects.toThrow(
      /credit_accounts_balance_non_negative/,
    );
  });
});

describe('GET /api/credits and /api/credits/ledger', () => {
  it('the balance and the ledger of the signed-in user only, newest first, paged', async () => {
    const a = await insertUser(t);
    const b = await insertUser(t);
    for (let i = 0; i < 25; i++) await grant(db, a.user.id, i + 1, 'admin_grant', `g-${i}`, `gift ${i}`);
    await spend(db, a.user.id, 3, 'chat-1', 'chat:abc');
    await grant(db, b.user.id, 777, 'admin_grant', 'b-gift', 'for-bianca-only');

    const bal = await t.request({ url: '/api/credits', cookie: a.cookie });
    const expected = TRIAL_CREDITS + (25 * 26) / 2 - 3;
    expect(bal.json()).toEqual({ balance: expected });

    const p1 = await t.request({ url: '/api/credits/ledger', cookie: a.cookie });
    expect(p1.statusCode).toBe(200);
    const page1 = p1.json();
    expect(page1).toMatchObject({ total: 27, page: 1, pageSize: LEDGER_PAGE_SIZE });
    expect(page1.items).toHaveLength(LEDGER_PAGE_SIZE);
    expect(page1.items[0]).toEqual({
      id: expect.any(String),
      delta: -3,
      balanceAfter: expected,
      kind: 'spend',
      reference: 'chat:abc',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const p2 = (await t.request({ url: '/api/credits/ledger?page=2', cookie: a.cookie })).json();
    expect(p2.items).toHaveLength(7);
    expect(p2.items.at(-1)).toMatchObject({ kind: 'trial', delta: TRIAL_CREDITS, balanceAfter: TRIAL_CREDITS });
    const ids = [...page1.items, ...p2.items].map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(JSON.stringify([page1, p2])).not.toContain('for-bianca-only');
    expect([...page1.items, ...p2.items].map((e: { delta: number }) => e.delta)).not.toContain(777);

    expect((await t.request({ url: '/api/credits/ledger?page=9', cookie: a.cookie })).json().items).toEqual([]);
    for (const q of ['page=0', 'page=-1', 'page=abc', 'page=1&userId=' + b.user.id]) {
      expect((await t.request({ url: `/api/credits/ledger?${q}`, cookie: a.cookie })).statusCode, q).toBe(400);
    }
    // Signed out: nothing.
    expect((await t.request({ url: '/api/credits' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/credits/ledger' })).statusCode).toBe(401);
  });

  it('a user with no credit account reads 0 and an empty ledger', async () => {
    const u = await insertUser(t);
    // Not through the API: a user created before credits existed.
    const id = randomUUID();
    await t.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, referral_code)
       SELECT $1::uuid, $3, password_hash, 'Old', 'User', $4 FROM users WHERE id = $2`,
      [id, u.user.id, `legacy-${id}@example.com`, `REF-${id.slice(0, 8).toUpperCase()}`],
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `legacy-${id}@example.com`, password: u.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await t.request({ url: '/api/credits', cookie })).json()).toEqual({ balance: 0 });
    expect((await t.request({ url: '/api/credits/ledger', cookie })).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: LEDGER_PAGE_SIZE,
    });
    // The gate's view reads the same balance.
    expect((await t.request({ url: '/api/subscription', cookie })).json().creditsRemaining).toBe(0);
  });
});
