/**
 * The guide over a whole conversation, through the real app and database: a passage is never
 * quoted twice in one conversation (follow-ups and regenerated answers included), a thank-you
 * gets a few warm words back, not a sermon, and a sacred book the member names is quoted.
 */
import { resources } from '@candeia/shared/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent, ChatMessageDto } from '@candeia/shared/schemas/chat';
import { composeThanks } from '../src/modules/chat/guide/compose.ts';
import { detectThanks } from '../src/modules/chat/guide/detect.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { answerText, eventsOf, giveCredits, sendMessage } from './support/chat.ts';
import { insertUser } from './support/factories.ts';
import { insertScriptureFixtures, insertText, SACRED_FIXTURES } from './support/scripture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScriptureFixtures(t);
});
afterAll(() => t?.close());

const doneOf = (events: ChatEvent[]) => eventsOf(events, 'done')[0]!.message;
/** The references an answer quotes: the last line of each blockquote ("> — João 3:16"). */
const quotedIn = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('> — '))
    .map((l) => l.slice(4).replace(/ \(.*\)$/, ''));

describe('a passage is quoted once per conversation', () => {
  it.each([
    [
      'pt-BR',
      [
        'Estou muito ansiosa com o trabalho',
        'E quando a ansiedade bate no meio de uma reunião?',
        'Continuo preocupada, não paro de pensar',
        'A ansiedade voltou hoje de manhã',
      ],
    ],
    [
      'en-US',
      [
        'I am so anxious about work',
        'What do I do when anxiety hits in a meeting?',
        'I am still worried, I cannot stop overthinking',
        'The anxiety came back this morning',
      ],
    ],
    [
      'es-ES',
      [
        'Estoy muy ansiosa por el trabajo',
        '¿Y cuando la ansiedad me llega en una reunión?',
        'Sigo preocupada, no puedo dormir',
        'La ansiedad volvió esta mañana',
      ],
    ],
  ] as const)(
    '(%s) follow-ups and a regenerated answer never quote again what was quoted',
    async (locale, messages) => {
      const u = await insertUser(t);
      await giveCredits(t, u.user.id, 20_000);
      let conversationId: string | undefined;
      const seen: string[] = [];
      for (const message of messages) {
        const { res, events } = await sendMessage(t, u.cookie, message, {
          locale,
          ...(conversationId ? { conversationId } : {}),
        });
        expect(res.statusCode, res.body).toBe(200);
        conversationId ??= eventsOf(events, 'start')[0]!.conversation.id;
        const quoted = quotedIn(answerText(events));
        for (const q of quoted) expect(seen, `${q} quoted again`).not.toContain(q);
        seen.push(...quoted);
      }
      expect(seen.length).toBeGreaterThanOrEqual(2);
      // Regenerating the last answer: still nothing quoted before it in the conversation.
      const earlier = seen.slice(0, seen.length - quotedIn(await lastAnswer(u.cookie, conversationId!)).length);
      const regen = await t.request({
        method: 'POST',
        url: `/api/chat/conversations/${conversationId}/regenerate`,
        cookie: u.cookie,
        locale,
        payload: {},
      });
      expect(regen.statusCode, regen.body).toBe(200);
      for (const q of quotedIn(await lastAnswer(u.cookie, conversationId!))) expect(earlier).not.toContain(q);
    },
  );
});

async function lastAnswer(cookie: string, id: string): Promise<string> {
  const detail = (await t.request({ url: `/api/chat/conversations/${id}`, cookie })).json<{
    messages: ChatMessageDto[];
  }>();
  return detail.messages.filter((m) => m.role === 'assistant').at(-1)!.content;
}

describe('a thank-you', () => {
  it.each([
    ['Obrigada!', true],
    ['Muito obrigado, isso me ajudou muito', true],
    ['valeu demais', true],
    ['Thank you so much!', true],
    ['thanks, that really helped', true],
    ['¡Mil gracias!', true],
    ['Gracias de corazón', true],
    ['Obrigado, mas como faço para perdoar meu irmão?', false],
    [
      'Thank you. Now, what does the Bible say about forgiving my brother when he keeps hurting me again and again?',
      false,
    ],
    ['Estou ansiosa', false],
  ] as const)('"%s" → %s', (text, expected) => {
    expect(detectThanks(text)).toBe(expected);
  });

  it('is answered in a few warm words in each language, with the name when there is one, never the same twice in a row', () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      const first = composeThanks(language, 'Ana', {}, () => 0);
      expect(first.text).toContain('Ana');
      expect(first.text.split(/\s+/).length).toBeLessThan(30);
      expect(first.text).not.toMatch(/^>|\*\*/m);
      const next = composeThanks(language, 'Ana', first.choices, () => 0);
      expect(next.text).not.toBe(first.text);
      expect(composeThanks(language, '', {}, () => 0.99).text).not.toMatch(/\{\{|, !|, \./);
    }
  });

  it('through the app: no quote, no practice, a small cost', async () => {
    const u = await insertUser(t, { firstName: 'Clara' });
    const first = await sendMessage(t, u.cookie, 'Estou com medo do futuro', { locale: 'pt-BR' });
    const conversationId = eventsOf(first.events, 'start')[0]!.conversation.id;
    const { res, events } = await sendMessage(t, u.cookie, 'Muito obrigada, Candeia!', {
      locale: 'pt-BR',
      conversationId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = answerText(events);
    const thanks = (resources['pt-BR'].guide as unknown as { thanks: Record<string, string[]> }).thanks;
    expect([...thanks.withName!.map((o) => o.replace('{{name}}', 'Clara')), ...thanks.plain!]).toContain(text);
    expect(quotedIn(text)).toEqual([]);
    expect(text).not.toContain('**');
    expect(text.split(/\s+/).length).toBeLessThan(30);
    const message = doneOf(events);
    expect(message.cost).toBeLessThan(60);
    expect(message.citations).toEqual([]);
  });
});

describe('a sacred book the member names', () => {
  beforeAll(async () => {
    // Made-up lines at the places the guide's themed passages point to in the Dhammapada.
    const [dhammapada] = SACRED_FIXTURES.filter((f) => f.id === 'dhammapada-muller');
    await insertText(t, {
      ...dhammapada!,
      books: [
        {
          ...dhammapada!.books[0]!,
          chapterCount: 26,
          verses: {
            '1:4': 'A made-up line about letting go of a grudge.',
            '1:5': 'A made-up line about love answering hatred.',
            '8:103': 'A made-up line about the victory over oneself.',
            '12:160': 'A made-up line about being one’s own refuge.',
          },
        },
      ],
    });
  });

  it.each([
    ['pt-BR', 'O que o Dhammapada diz sobre perdoar quem me magoou?', 'Dhammapada 1:4-5 (texto em inglês)'],
    ['en-US', 'What does the Dhammapada say about forgiving someone who betrayed me?', 'Dhammapada 1:4-5'],
    ['es-ES', '¿Qué dice el Dhammapada sobre perdonar a quien me traicionó?', 'Dhammapada 1:4-5 (texto en inglés)'],
  ] as const)('(%s) is quoted from that book, for the theme of the message', async (locale, message, reference) => {
    const u = await insertUser(t);
    const { res, events } = await sendMessage(t, u.cookie, message, { locale });
    expect(res.statusCode, res.body).toBe(200);
    expect(answerText(events)).toContain(`> — ${reference}`);
  });

  it('is quoted from even when no theme is found', async () => {
    const u = await insertUser(t);
    const { res, events } = await sendMessage(t, u.cookie, 'Me fale do Dhammapada', { locale: 'pt-BR' });
    expect(res.statusCode, res.body).toBe(200);
    expect(quotedIn(answerText(events)).some((q) => q.startsWith('Dhammapada '))).toBe(true);
  });
});
