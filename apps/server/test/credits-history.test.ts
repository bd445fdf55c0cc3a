import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntryDto, LedgerPageDto } from '@candeia/shared/schemas/billing';
import type { ChatEvent } from '@candeia/shared/schemas/chat';
import * as credits from '../src/modules/credits/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant } from './support/billing.ts';
import { sendMessage } from './support/chat.ts';
import { insertUser } from './support/factories.ts';
import { insertScriptureFixtures } from './support/scripture.ts';

/**
 * The credit history on /subscription (GET /api/credits/ledger): a chat answer is one line with
 * its cost, not the reservation and the return of what it did not use. The ledger keeps both rows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScriptureFixtures(t);
});
afterAll(() => t?.close());

type Done = Extract<ChatEvent, { type: 'done' }>;

const history = async (cookie: string, page = 1) => {
  const res = await t.request({ url: `/api/credits/ledger?page=${page}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LedgerPageDto>();
};

describe('credit history: one line per chat answer, with its cost', () => {
  it('two answers are two "chat_answer" lines of their cost; the ledger keeps the hold and the return', async () => {
    const u = await insertUser(t);
    const start = await balanceOf(t, u.user.id);
    const costs: number[] = [];
    for (const text of ['Estou ansioso com o meu trabalho', 'Preciso de paz e de esperança']) {
      const { res, events } = await sendMessage(t, u.cookie, text);
      expect(res.statusCode, res.body).toBe(200);
      const done = events.find((e): e is Done => e.type === 'done')!;
      expect(done.message.cost).toBeGreaterThan(0);
      costs.push(done.message.cost!);
    }

    const page = await history(u.cookie);
    // The trial grant, then the two answers: three lines, newest first.
    expect(page.total).toBe(3);
    expect(page.items.map((e) => e.kind)).toEqual(['chat_answer', 'chat_answer', 'trial']);
    const [second, first] = page.items as [LedgerEntryDto, LedgerEntryDto];
    expect(first).toMatchObject({ delta: -costs[0]!, balanceAfter: start - costs[0]!, settlement: 'committed' });
    expect(second).toMatchObject({
      delta: -costs[1]!,
      balanceAfter: start - costs[0]! - costs[1]!,
      settlement: 'committed',
    });
    expect(second.reference).toMatch(/^chat:/);
    expect(page.items.map((e) => e.kind)).not.toContain('reserve');
    expect(page.items.map((e) => e.kind)).not.toContain('reserve_refund');

    // The ledger itself is unchanged: each answer still has its hold and its return.
    const rows = await t.query<{ kind: string }>('SELECT kind FROM credit_ledger WHERE user_id = $1 ORDER BY id', [
      u.user.id,
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['trial', 'reserve', 'reserve_refund', 'reserve', 'reserve_refund']);
    await expectLedgerInvariant(t);
  });

  it('an answer being written shows what is held; one refunded in full shows 0; paging counts lines', async () => {
    const u = await insertUser(t);
    const db = t.database.db;
    const now = t.clock.now();
    const held = await credits.reserve(db, u.user.id, 400, 'chat:held', 'chat:held', now);
    const back = await credits.reserve(db, u.user.id, 300, 'chat:back', 'chat:back', now);
    await credits.refund(db, back, now);
    const exact = await credits.reserve(db, u.user.id, 200, 'chat:exact', 'chat:exact', now);
    // Cost equal to the hold: no return row at all.
    await credits.commit(db, exact, 200, now);
    expect(held).toBeTruthy();

    const page = await history(u.cookie);
    expect(page.total).toBe(4);
    expect(page.items.map((e) => [e.kind, e.delta, e.settlement ?? null])).toEqual([
      ['chat_answer', -200, 'committed'],
      ['chat_answer', 0, 'refunded'],
      ['chat_answer', -400, 'held'],
      ['trial', expect.any(Number), null],
    ]);
    // The line's balance is the balance after its last row.
    const balance = await balanceOf(t, u.user.id);
    expect(page.items[0]!.balanceAfter).toBe(balance);
    await expectLedgerInvariant(t);
  });
});
