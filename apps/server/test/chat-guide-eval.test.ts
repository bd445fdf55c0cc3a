/**
 * The guide over whole conversations (test/support/guide-eval-set.ts: 67 messages in 26
 * conversations, three languages), through the real app, on the real sacred texts (the content
 * mirror and Debian's Bibles; skipped without the mirror). Measured and printed:
 *
 * - relevance: of the passages quoted, the share chosen for a theme that fits the message;
 * - repetition: passages quoted twice in one conversation (must be 0);
 * - crisis recall and false alarms (the helpline answer);
 * - thanks: a thank-you answered with a few words, no quote;
 * - situations: marriage, divorce, work, illness, a death, addiction, doubt, guilt, a quarrel,
 *   heard and named back;
 * - variety: the shapes of the answers (full, one passage, a prayer) and how often an answer has
 *   the shape of the one before it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageDto, ChatTheme } from '@candeia/shared/schemas/chat';
import { THEME_PASSAGES } from '../src/modules/chat/guide/theme-passages.ts';
import { detectSituations } from '../src/modules/chat/guide/situations.ts';
import { invalidateScriptureCache } from '../src/modules/scripture/cache.ts';
import { importAll } from '../src/modules/scripture/content/service.ts';
import { DEFAULT_MIRROR } from '../src/modules/scripture/content/sources.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { eventsOf, giveCredits, sendMessage } from './support/chat.ts';
import { insertUser } from './support/factories.ts';
import { GUIDE_EVAL } from './support/guide-eval-set.ts';

const MIRROR = process.env.CONTENT_MIRROR || DEFAULT_MIRROR;
const ready = existsSync(join(MIRROR, 'sword/mods.d/porblivre.conf'));

/** The themes a quoted passage was chosen for (the guide's candidates per theme). */
function themesOf(c: ChatMessageDto['citations'][number]): ChatTheme[] {
  const out: ChatTheme[] = [];
  for (const [theme, refs] of Object.entries(THEME_PASSAGES) as [ChatTheme, (typeof THEME_PASSAGES)[ChatTheme]][])
    for (const r of refs) {
      const sameText = 'textId' in r ? r.textId === c.textId : c.bookKey === 'bible' && r.book === c.book;
      if (sameText && r.chapter === c.chapter && r.verse === c.verse) out.push(theme);
    }
  return out;
}

interface Row {
  conversation: number;
  turn: number;
  text: string;
  kind: string;
  shape: string | undefined;
  quoted: string[];
  relevant: number;
  themed: number;
  content: string;
}

// Skipped only where the shared content mirror (../shared/content or CONTENT_MIRROR) is absent; the tests with small fixtures run everywhere.
describe.skipIf(!ready)('the guide over the evaluation conversations (real texts)', () => {
  let t: TestApp;
  const rows: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp({ CONTENT_MIRROR: MIRROR });
    await importAll(t.app.deps);
    invalidateScriptureCache(t.app.deps.db);
    for (const [ci, conv] of GUIDE_EVAL.entries()) {
      const u = await insertUser(t);
      await giveCredits(t, u.user.id, 50_000);
      let conversationId: string | undefined;
      for (const [ti, turn] of conv.turns.entries()) {
        const { res, events } = await sendMessage(t, u.cookie, turn.text, {
          locale: conv.locale,
          ...(conversationId ? { conversationId } : {}),
        });
        expect(res.statusCode, res.body).toBe(200);
        conversationId ??= eventsOf(events, 'start')[0]!.conversation.id;
        const message = eventsOf(events, 'done')[0]!.message;
        const [stored] = await t.query<{ meta: { choices?: { shape?: string } } | null }>(
          'SELECT meta FROM chat_messages WHERE id = $1',
          [message.id],
        );
        const valid = message.citations.filter((c) => c.valid);
        const themed = valid.map(themesOf).filter((th) => th.length);
        const fits = turn.themes ?? [];
        rows.push({
          conversation: ci,
          turn: ti,
          text: turn.text,
          kind: message.kind,
          shape: stored?.meta?.choices?.shape,
          quoted: valid.map((c) => `${c.textId}:${c.book}:${c.chapter}:${c.verse}`),
          relevant: themed.filter((th) => th.some((x) => fits.includes(x))).length,
          themed: themed.length,
          content: message.content,
        });
      }
    }
    const answers = rows.filter((r) => r.kind === 'answer' && r.shape);
    const quoted = answers.reduce((n, r) => n + r.themed, 0);
    const relevant = answers.reduce((n, r) => n + r.relevant, 0);
    const shapes = answers.reduce<Record<string, number>>((m, r) => ({ ...m, [r.shape!]: (m[r.shape!] ?? 0) + 1 }), {});
    const sameAsBefore = answers.filter((r, i) => {
      const prev = answers[i - 1];
      return prev && prev.conversation === r.conversation && prev.shape === r.shape;
    }).length;
    const followUps = answers.filter((r, i) => answers[i - 1]?.conversation === r.conversation).length;
    console.log(
      `[guide eval] ${rows.length} messages in ${GUIDE_EVAL.length} conversations; relevance ${relevant}/${quoted} = ${(relevant / Math.max(1, quoted)).toFixed(2)}; ` +
        `shapes ${JSON.stringify(shapes)}; follow-ups with the previous shape ${sameAsBefore}/${followUps}; thanks ${rows.filter((r) => r.kind === 'answer' && !r.shape).length}`,
    );
  }, 300_000);
  afterAll(() => t?.close());

  const turns = () =>
    GUIDE_EVAL.flatMap((conv, ci) =>
      conv.turns.map((turn, ti) => ({ turn, row: rows.find((r) => r.conversation === ci && r.turn === ti)! })),
    );

  it('has at least 60 messages in the three languages', () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(GUIDE_EVAL.map((c) => c.locale)).size).toBe(3);
  });

  it('never quotes a passage twice in one conversation', () => {
    for (let ci = 0; ci < GUIDE_EVAL.length; ci++) {
      const all = rows.filter((r) => r.conversation === ci).flatMap((r) => r.quoted);
      expect(all.length - new Set(all).size, `conversation ${ci}`).toBe(0);
    }
  });

  it('crisis: every message with a risk to life gets the helpline answer, and no other message does', () => {
    const crisis = turns().filter(({ turn }) => turn.crisis);
    const others = turns().filter(({ turn }) => !turn.crisis);
    const recall = crisis.filter(({ row }) => row.kind === 'crisis').length / crisis.length;
    const falseAlarms = others.filter(({ row }) => row.kind === 'crisis').length;
    console.log(
      `[guide eval] crisis recall ${recall.toFixed(2)} (${crisis.length}); false alarms ${falseAlarms}/${others.length}`,
    );
    expect(recall).toBe(1);
    expect(falseAlarms).toBe(0);
  });

  it('a thank-you gets a few warm words back, no quote', () => {
    for (const { turn, row } of turns().filter(({ turn }) => turn.thanks)) {
      expect(row.quoted, turn.text).toEqual([]);
      expect(row.content.split(/\s+/).length, turn.text).toBeLessThan(45);
    }
  });

  it('at least 80% of the passages quoted were chosen for a theme that fits the message', () => {
    const answers = rows.filter((r) => r.kind === 'answer');
    const quoted = answers.reduce((n, r) => n + r.themed, 0);
    const relevant = answers.reduce((n, r) => n + r.relevant, 0);
    const off = turns()
      .filter(({ row }) => row.themed > row.relevant)
      .map(({ turn }) => turn.text);
    expect(relevant / quoted, `passages off-theme in: ${off.join(' | ')}`).toBeGreaterThanOrEqual(0.8);
  });

  it('hears the situation and names it back', () => {
    const withSituation = turns().filter(({ turn }) => turn.situation && !turn.crisis);
    const heard = withSituation.filter(({ turn }) =>
      detectSituations(turn.text).some((s) => s.situation === turn.situation),
    );
    console.log(`[guide eval] situations heard ${heard.length}/${withSituation.length}`);
    expect(heard.length / withSituation.length).toBeGreaterThanOrEqual(0.9);
    // The person named comes back in the member's words.
    const mother = turns().find(({ turn }) => turn.text.startsWith('Minha mãe morreu'))!;
    const father = turns().find(({ turn }) => turn.text.startsWith('My father passed away'))!;
    const madre = turns().find(({ turn }) => turn.text.startsWith('Mi madre murió'))!;
    expect(mother.row.content).toMatch(/sua mãe/);
    expect(father.row.content).toMatch(/your father/);
    expect(madre.row.content).toMatch(/tu madre/);
    // A quarrel to forgive is not answered with a self-forgiveness practice.
    const brother = turns().find(({ turn }) => turn.text.startsWith('Como eu perdoo meu irmão'))!;
    expect(brother.row.content).not.toMatch(/Se quem você precisa perdoar é você/);
  });

  it('varies: all three shapes appear, and no follow-up has the shape of the answer before it', () => {
    // Answers with a shape (a thank-you's few words have none).
    const answers = rows.filter((r) => r.kind === 'answer' && r.shape);
    expect(new Set(answers.map((r) => r.shape))).toEqual(new Set(['full', 'one', 'prayer']));
    const followUps = answers.filter((r, i) => answers[i - 1]?.conversation === r.conversation);
    const same = followUps.filter((r) => {
      const prev = answers[answers.indexOf(r) - 1]!;
      return prev.shape === r.shape;
    });
    expect(same.length).toBe(0);
  });
});
