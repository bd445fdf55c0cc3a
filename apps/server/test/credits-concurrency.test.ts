import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import { balance, grant, reserve, spend } from '../src/modules/credits/service.ts';
import { createTestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant } from './support/billing.ts';
import { insertAccount, type TestUser } from './support/factories.ts';

const t = await createTestApp();
const db = t.database.db;
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

/** A user whose balance is exactly `n` (set through the ledger, like every change). */
async function userWithBalance(n: number): Promise<TestUser> {
  const u = await insertAccount(t, { credits: n });
  expect(await balanceOf(t, u.user.id)).toBe(n);
  return u;
}

const code = (err: unknown) => (err instanceof AppError ? err.code : String(err));

describe('SECURITY 17: credits are spent atomically (real PostgreSQL, separate connections)', () => {
  it('50 parallel spends of 1 on a balance of 10 → exactly 10 successes and balance 0', async () => {
    const u = await userWithBalance(10);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => spend(db, u.user.id, 1, `spend-${i}`, 'chat')),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(new Set(refused.map((r) => code(r.reason)))).toEqual(new Set(['INSUFFICIENT_CREDITS']));
    expect(await balance(db, u.user.id)).toBe(0);
    const rows = await t.query<{ n: string }>(
      "SELECT count(*) AS n FROM credit_ledger WHERE user_id = $1 AND kind = 'spend'",
      [u.user.id],
    );
    expect(Number(rows[0]!.n)).toBe(10);
    // The balances the winners saw are 9, 8, …, 0: each exactly once.
    const after = ok
      .map((r) => (r as PromiseFulfilledResult<{ balanceAfter: number }>).value.balanceAfter)
      .sort((a, b) => a - b);
    expect(after).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('the pool really runs them in parallel on separate connections', async () => {
    const u = await userWithBalance(50);
    const seen = new Set<number>();
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await db.transaction(async (tx) => {
          const [{ pid }] = (await tx.execute<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [
            { pid: number },
          ];
          seen.add(pid);
          await spend(tx, u.user.id, 1, `p-${i}`);
        });
      }),
    );
    expect(seen.size).toBeGreaterThan(1);
    expect(await balance(db, u.user.id)).toBe(30);
  });

  it('a spend above the balance is refused and changes nothing', async () => {
    const u = await userWithBalance(5);
    await expect(spend(db, u.user.id, 6, 'too-much')).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await balance(db, u.user.id)).toBe(5);
    expect(await t.query('SELECT id FROM credit_ledger WHERE idempotency_key = $1', ['too-much'])).toEqual([]);
    // Exactly the balance is allowed.
    await spend(db, u.user.id, 5, 'all');
    expect(await balance(db, u.user.id)).toBe(0);
  });

  it('mixed concurrent grants and spends keep balance = sum(ledger)', async () => {
    const u = await userWithBalance(100);
    await Promise.allSettled([
      ...Array.from({ length: 30 }, (_, i) => spend(db, u.user.id, 7, `m-spend-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => grant(db, u.user.id, 5, 'admin_grant', `m-grant-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => reserve(db, u.user.id, 3, `m-res-${i}`)),
    ]);
    const b = await balance(db, u.user.id);
    expect(b).toBeGreaterThanOrEqual(0);
    const [sum] = await t.query<{ s: string }>('SELECT sum(delta) AS s FROM credit_ledger WHERE user_id = $1', [
      u.user.id,
    ]);
    expect(Number(sum!.s)).toBe(b);
  });
});

describe('SECURITY 18: the same key 20 times concurrently moves the balance once', () => {
  it('spend: one movement, twenty identical answers', async () => {
    const u = await userWithBalance(100);
    const results = await Promise.all(Array.from({ length: 20 }, () => spend(db, u.user.id, 7, 'same-spend', 'ref')));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ delta: -7, balanceAfter: 93, kind: 'spend', reference: 'ref' });
    expect(await balance(db, u.user.id)).toBe(93);
    // And later repeats too, even with another amount: the key decides.
    expect(await spend(db, u.user.id, 50, 'same-spend')).toEqual(results[0]);
    expect(await balance(db, u.user.id)).toBe(93);
  });

  it('spend that takes the last credits: the winner spends, the 19 others answer the same entry', async () => {
    const u = await userWithBalance(7);
    const results = await Promise.all(Array.from({ length: 20 }, () => spend(db, u.user.id, 7, 'last-credits')));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await balance(db, u.user.id)).toBe(0);
  });

  it('grant: one movement, twenty identical answers', async () => {
    const u = await userWithBalance(0);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => grant(db, u.user.id, 250, 'admin_grant', 'same-grant', 'gift')),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ delta: 250, balanceAfter: 250, kind: 'admin_grant' });
    expect(await balance(db, u.user.id)).toBe(250);
    const rows = await t.query('SELECT id FROM credit_ledger WHERE user_id = $1 AND idempotency_key = $2', [
      u.user.id,
      'same-grant',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('grant to a user with no account yet (created on the fly), 20 times at once', async () => {
    // A user row written directly, as before credits existed: no account, no ledger.
    const [bare] = await t.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, referral_code)
       VALUES ($1, 'x', 'Sem', 'Conta', $2) RETURNING id`,
      [`bare-${randomUUID()}@example.com`, `REF-${randomUUID().slice(0, 8).toUpperCase()}`],
    );
    expect(await t.query('SELECT user_id FROM credit_accounts WHERE user_id = $1', [bare!.id])).toEqual([]);
    const results = await Promise.all(Array.from({ length: 20 }, () => grant(db, bare!.id, 10, 'admin_grant', 'k1')));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await balance(db, bare!.id)).toBe(10);
  });

  it('reserve: one hold, one reservation id', async () => {
    const u = await userWithBalance(100);
    const ids = await Promise.all(Array.from({ length: 20 }, () => reserve(db, u.user.id, 30, 'same-hold')));
    expect(new Set(ids).size).toBe(1);
    expect(await balance(db, u.user.id)).toBe(70);
  });

  it('through the API: the admin grant form submitted 20 times at once grants once', async () => {
    const admin = await insertAccount(t, { role: 'admin' });
    const u = await userWithBalance(0);
    const payload = { userId: u.user.id, amount: 500, reason: 'Bem-vindo', idempotencyKey: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request({ method: 'POST', url: '/api/admin/credits/grant', cookie: admin.cookie, payload }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a.json().entry))).size).toBe(1);
    expect(await balance(db, u.user.id)).toBe(500);
    const events = await t.query('SELECT details FROM security_events WHERE type = $1 AND user_id = $2', [
      'admin_credits_granted',
      admin.user.id,
    ]);
    expect(events).toEqual([{ details: `+500 to ${u.email}: Bem-vindo` }]);
  });
});
