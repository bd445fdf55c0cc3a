import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  RESERVATION_TTL_MS,
  balance,
  commit,
  refund,
  refundStaleReservations,
  reserve,
} from '../src/modules/credits/service.ts';
import { createTestApp } from './support/app.ts';
import { expectLedgerInvariant } from './support/billing.ts';
import { insertAccount } from './support/factories.ts';

const t = await createTestApp();
const db = t.database.db;
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

async function userWith(n: number) {
  return (await insertAccount(t, { credits: n })).user.id;
}

const ledger = (userId: string) =>
  t.query<{ kind: string; delta: number; balance_after: number }>(
    "SELECT kind, delta, balance_after FROM credit_ledger WHERE user_id = $1 AND kind <> 'plan_reset' AND kind <> 'trial' ORDER BY id",
    [userId],
  );

/** What a chat answer does with credits: hold the most it may cost, then settle. */
async function answer(userId: string, hold: number, work: () => Promise<number>) {
  const id = await reserve(db, userId, hold, `answer:${randomUUID()}`, 'chat:conversation-1');
  try {
    const cost = await work();
    return await commit(db, id, cost);
  } catch (err) {
    await refund(db, id);
    throw err;
  }
}

describe('SECURITY 20: a chat answer reserves, then commits the actual cost or refunds', () => {
  it('reserve holds the amount; commit takes the actual cost and refunds the difference', async () => {
    const userId = await userWith(1000);
    const id = await reserve(db, userId, 300, 'r1', 'chat:1');
    expect(await balance(db, userId)).toBe(700);
    const [held] = await t.query('SELECT status, amount FROM credit_reservations WHERE id = $1', [id]);
    expect(held).toEqual({ status: 'held', amount: 300 });
    const s = await commit(db, id, 120);
    expect(s).toEqual({ reservationId: id, status: 'committed', charged: 120, refunded: 180 });
    expect(await balance(db, userId)).toBe(880);
    expect(await ledger(userId)).toEqual([
      { kind: 'reserve', delta: -300, balance_after: 700 },
      { kind: 'reserve_refund', delta: 180, balance_after: 880 },
    ]);
    // Settled once: another commit or a refund afterwards changes nothing.
    expect(await commit(db, id, 10)).toEqual(s);
    expect(await refund(db, id)).toEqual(s);
    expect(await balance(db, userId)).toBe(880);
  });

  it('an AI failure (or timeout) refunds the whole hold', async () => {
    const userId = await userWith(500);
    await expect(
      answer(userId, 200, async () => {
        throw new Error('AI endpoint timed out');
      }),
    ).rejects.toThrow('timed out');
    expect(await balance(db, userId)).toBe(500);
    const [r] = await t.query<{ status: string; actual_cost: number }>(
      'SELECT status, actual_cost FROM credit_reservations WHERE user_id = $1',
      [userId],
    );
    expect(r).toEqual({ status: 'refunded', actual_cost: 0 });
    expect(await ledger(userId)).toEqual([
      { kind: 'reserve', delta: -200, balance_after: 300 },
      { kind: 'reserve_refund', delta: 200, balance_after: 500 },
    ]);
  });

  it('a successful answer costs exactly its tokens; a cost above the hold is capped at the hold', async () => {
    const userId = await userWith(500);
    expect(await answer(userId, 100, async () => 37)).toMatchObject({ charged: 37, refunded: 63 });
    expect(await balance(db, userId)).toBe(463);
    expect(await answer(userId, 50, async () => 80)).toMatchObject({ charged: 50, refunded: 0 });
    expect(await balance(db, userId)).toBe(413);
    expect(await answer(userId, 40, async () => 0)).toMatchObject({ charged: 0, refunded: 40 });
    expect(await balance(db, userId)).toBe(413);
  });

  it('a hold above the balance is refused (INSUFFICIENT_CREDITS) and holds nothing', async () => {
    const userId = await userWith(99);
    await expect(reserve(db, userId, 100, 'big')).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await balance(db, userId)).toBe(99);
    expect(await t.query('SELECT id FROM credit_reservations WHERE user_id = $1', [userId])).toEqual([]);
  });

  it('commit and refund racing on one reservation: exactly one settles it', async () => {
    const userId = await userWith(1000);
    for (let round = 0; round < 5; round++) {
      const id = await reserve(db, userId, 100, `race-${round}`);
      const results = await Promise.all([commit(db, id, 30), refund(db, id), commit(db, id, 60), refund(db, id)]);
      expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    }
    const rows = await t.query<{ status: string; actual_cost: number }>(
      'SELECT status, actual_cost FROM credit_reservations WHERE user_id = $1',
      [userId],
    );
    const spent = rows.reduce((n, r) => n + (r.status === 'committed' ? r.actual_cost : 0), 0);
    expect(await balance(db, userId)).toBe(1000 - spent);
  });

  it('a hold nobody settles (a crashed answer) is refunded by the housekeeping job after its TTL', async () => {
    const userId = await userWith(300);
    const id = await reserve(db, userId, 120, 'crashed', null, t.clock.now());
    expect(await refundStaleReservations(db, t.clock.now())).toBe(0);
    expect(await balance(db, userId)).toBe(180);
    t.clock.advance(RESERVATION_TTL_MS + 1000);
    expect(await refundStaleReservations(db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await balance(db, userId)).toBe(300);
    const [r] = await t.query('SELECT status FROM credit_reservations WHERE id = $1', [id]);
    expect(r).toEqual({ status: 'refunded' });
  });

  it('an unknown reservation is a CREDITS_FAILED error, not a silent success', async () => {
    await expect(commit(db, randomUUID(), 1)).rejects.toMatchObject({ code: 'CREDITS_FAILED' });
    await expect(refund(db, randomUUID())).rejects.toMatchObject({ code: 'CREDITS_FAILED' });
  });
});
