import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUIDE_ANSWER_TOKENS,
  GUIDE_ANSWER_TOKENS_MAX,
  countTokens,
  maxAnswerCredits,
} from '@candeia/shared/chat-pricing';
import { MINUTE_MS } from '@candeia/shared/constants';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { CHAT_RATE_LIMIT } from '@candeia/shared/schemas/chat';
import { createTestApp, type TestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant } from './support/billing.ts';
import { sendMessage, type DoneEvent, type StartEvent } from './support/chat.ts';
import { insertUser } from './support/factories.ts';
import { GUIDE_EVAL } from './support/guide-eval-set.ts';
import { insertScriptureFixtures } from './support/scripture.ts';

/**
 * The trial lets a newcomer really try the chat (decision 017): its credits pay at least 40
 * answers of the built-in guide, even the longest, and the estimate the composer shows before
 * sending (packages/shared/src/chat-pricing.ts) is what answers then cost.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScriptureFixtures(t);
});
afterAll(() => t?.close());

type Start = StartEvent;
type Done = DoneEvent;

/** The evaluation set's messages a newcomer might send, in order, with their conversation. */
const messages = GUIDE_EVAL.flatMap((c, ci) =>
  c.turns.filter((turn) => !turn.crisis).map((turn) => ({ conversation: ci, locale: c.locale, text: turn.text })),
);

describe('the trial allowance and the estimate before sending', () => {
  it('a new trial pays at least 40 answers of the built-in guide; their cost is what the estimate says', async () => {
    // Even 40 of the longest answers fit in the trial.
    expect(TRIAL_CREDITS).toBeGreaterThanOrEqual(40 * (GUIDE_ANSWER_TOKENS_MAX + 20));
    const u = await insertUser(t);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS);
    const ids = new Map<number, string>();
    const costs: number[] = [];
    const completions: number[] = [];
    for (const m of messages) {
      if (costs.length >= 45) break;
      // The per-member limit (CHAT_RATE_LIMIT a minute): a newcomer trying it over days.
      if (costs.length % CHAT_RATE_LIMIT === CHAT_RATE_LIMIT - 1) t.clock.advance(MINUTE_MS + 1);
      const { res, events } = await sendMessage(t, u.cookie, m.text, {
        conversationId: ids.get(m.conversation),
        locale: m.locale,
      });
      expect(res.statusCode, `answer ${costs.length + 1}: ${res.body}`).toBe(200);
      const start = events.find((e): e is Start => e.type === 'start')!;
      const done = events.find((e): e is Done => e.type === 'done')!;
      ids.set(m.conversation, start.conversation.id);
      if (done.message.kind !== 'answer') continue;
      expect(done.message.status).toBe('done');
      const cost = done.message.cost!;
      expect(cost, `"${m.text}" cost ${cost}`).toBeLessThanOrEqual(maxAnswerCredits(m.text));
      costs.push(cost);
      completions.push(cost - countTokens(m.text));
    }
    expect(costs.length).toBeGreaterThanOrEqual(40);
    const spent = costs.reduce((a, b) => a + b, 0);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS - spent);
    // The typical answer is what the estimate says.
    const median = [...completions].sort((a, b) => a - b)[Math.floor(completions.length / 2)]!;
    expect(Math.abs(median - GUIDE_ANSWER_TOKENS), `median ${median}`).toBeLessThanOrEqual(GUIDE_ANSWER_TOKENS * 0.25);
    await expectLedgerInvariant(t);
  });
});
