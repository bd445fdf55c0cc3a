import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageDto, ConversationDetailDto } from '@candeia/shared/schemas/chat';
import { countTokens } from '../src/modules/chat/engine.ts';
import { checkCitations } from '../src/modules/chat/grounding.ts';
import * as credits from '../src/modules/credits/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant } from './support/billing.ts';
import { openStream, parseSse, type DoneEvent, type StartEvent } from './support/chat.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { insertScriptureFixtures } from './support/scripture.ts';

/**
 * The chat through the real app and database, with the built-in guide engine (writing at once:
 * AI_STREAM_PACE_MS=0, except where a test needs an answer still being written).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScriptureFixtures(t);
});
afterAll(() => t?.close());

type Start = StartEvent;
type Done = DoneEvent;

function send(app: TestApp, user: TestUser, content: string, conversationId?: string, locale = 'pt-BR') {
  return app.request({
    method: 'POST',
    url: '/api/chat/messages',
    cookie: user.cookie,
    locale,
    payload: conversationId ? { conversationId, content } : { content },
  });
}

function eventsOf(body: string) {
  const events = parseSse(body);
  const start = events.find((e): e is Start => e.type === 'start');
  const done = events.find((e): e is Done => e.type === 'done');
  const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
  return { events, start, done, text };
}

async function setBalance(app: TestApp, userId: string, value: number) {
  await credits.resetBalance(app.database.db, userId, value, `test-reset:${randomUUID()}`, null, app.clock.now());
}

describe('sending a message', () => {
  it('streams a grounded answer, names the conversation, and charges prompt + completion tokens', async () => {
    const u = await insertUser(t, { firstName: 'Clara' });
    const before = await balanceOf(t, u.user.id);
    const question = 'Estou muito ansioso com o meu trabalho e não consigo dormir';
    const res = await send(t, u, question);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const { events, start, done, text } = eventsOf(res.body);
    expect(events[0]!.type).toBe('start');
    expect(events.at(-1)!.type).toBe('done');
    expect(start!.conversation.title).toBe('Estou muito ansioso com o meu trabalho e não consigo dormir');
    expect(start!.conversation.messageCount).toBe(2);
    expect(start!.userMessage).toMatchObject({ role: 'user', content: question, kind: 'message' });
    expect(start!.assistantMessage).toMatchObject({ role: 'assistant', status: 'streaming', cost: null });
    expect(start!.reserved).toBeGreaterThan(0);

    const message = done!.message;
    expect(message.status).toBe('done');
    expect(message.content).toBe(text);
    expect(text.length).toBeGreaterThan(200);
    // Cost: the guide's count of the question and the answer (PRODUCT.md "Credits").
    expect(message.cost).toBe(countTokens(question) + countTokens(text));
    expect(done!.balance).toBe(before - message.cost!);
    expect(await balanceOf(t, u.user.id)).toBe(before - message.cost!);

    // Grounded in the reader's Bible (Bíblia Livre for pt-BR), every valid label in the text.
    const valid = message.citations.filter((c) => c.valid);
    expect(valid.length).toBeGreaterThanOrEqual(1);
    for (const c of valid) {
      expect(text).toContain(c.label);
      expect(c.textId).toBeTruthy();
      expect(c.chapter).toBeGreaterThan(0);
    }
    expect(valid.some((c) => c.textId === 'porblivre')).toBe(true);

    // The ledger: a reservation, then its commit (SECURITY 20), and the invariant (SECURITY 19).
    const ledger = await t.query<{ kind: string; delta: number }>(
      `SELECT kind, delta FROM credit_ledger WHERE user_id = $1 AND reference = $2 ORDER BY id`,
      [u.user.id, `chat:${message.id}`],
    );
    // The hold, then what was not used given back.
    expect(ledger.map((l) => l.kind)).toEqual(['reserve', 'reserve_refund']);
    expect(ledger.reduce((n, l) => n + l.delta, 0)).toBe(-message.cost!);
    await expectLedgerInvariant(t);
    const held = await t.query(`SELECT 1 FROM credit_reservations WHERE user_id = $1 AND status = 'held'`, [u.user.id]);
    expect(held).toHaveLength(0);
  });

  it('answers in the language of the message, from that language’s Bible', async () => {
    const u = await insertUser(t);
    const res = await send(t, u, 'I feel so anxious and worried about tomorrow, I cannot sleep', undefined, 'pt-BR');
    const { done } = eventsOf(res.body);
    expect(done!.message.status).toBe('done');
    const valid = done!.message.citations.filter((c) => c.valid && c.bookKey === 'bible');
    expect(valid.length).toBeGreaterThan(0);
    for (const c of valid) expect(c.textId).toBe('kjv');
  });

  it('keeps a conversation: later messages join it, and two answers to the same words differ', async () => {
    const u = await insertUser(t);
    await credits.grant(t.database.db, u.user.id, 10_000, 'admin_grant', `more:${u.user.id}`);
    const first = eventsOf((await send(t, u, 'Preciso de esperança')).body);
    const id = first.start!.conversation.id;
    const second = eventsOf((await send(t, u, 'Preciso de esperança', id)).body);
    expect(second.start!.conversation.id).toBe(id);
    expect(second.start!.conversation.messageCount).toBe(4);
    expect(second.done!.message.content).not.toBe(first.done!.message.content);

    const detail = (await t.request({ url: `/api/chat/conversations/${id}`, cookie: u.cookie })).json();
    expect(detail.messages.map((m: ChatMessageDto) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(detail.messages[3].content).toBe(second.done!.message.content);
    expect(detail.messages[3].cost).toBe(second.done!.message.cost);
    expect(detail.messageCount).toBe(4);
  });

  it('refuses an empty or too long message with a translated message, and saves nothing', async () => {
    const u = await insertUser(t);
    for (const [content, pattern] of [
      ['   ', /Escreva uma mensagem/],
      ['a'.repeat(4001), /4\.000/],
    ] as const) {
      const res = await send(t, u, content);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error.fields), res.body).toMatch(pattern);
    }
    expect(await t.query('SELECT 1 FROM chat_conversations WHERE user_id = $1', [u.user.id])).toHaveLength(0);
  });

  it('needs the plan’s chat flag', async () => {
    const u = await insertUser(t);
    // The trial over: the free plan (Bible only), active.
    await t.query(`UPDATE user_subscriptions SET is_trial = false, status = 'active' WHERE user_id = $1`, [u.user.id]);
    const res = await send(t, u, 'Olá');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FEATURE_NOT_IN_PLAN');
    // The history stays readable without the flag; only new answers need it.
    expect((await t.request({ url: '/api/chat/conversations', cookie: u.cookie })).statusCode).toBe(200);
  });
});

describe('credits', () => {
  it('a short balance is refused with Insufficient Credits (402), translated, and nothing is saved or taken', async () => {
    const u = await insertUser(t);
    await setBalance(t, u.user.id, 60);
    const res = await send(t, u, 'Estou triste hoje', undefined, 'en-US');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(res.json().error.message).toMatch(/Insufficient Credits/);
    expect(await balanceOf(t, u.user.id)).toBe(60);
    expect(await t.query('SELECT 1 FROM chat_messages WHERE user_id = $1', [u.user.id])).toHaveLength(0);
  });

  it('a balance below the longest answer still answers, within what it allows', async () => {
    const u = await insertUser(t);
    await setBalance(t, u.user.id, 200);
    const { start, done } = eventsOf((await send(t, u, 'Como posso perdoar meu irmão?')).body);
    expect(start!.reserved).toBe(200);
    expect(done!.message.status).toBe('done');
    expect(done!.message.cost).toBeLessThanOrEqual(200);
    expect(done!.balance).toBe(200 - done!.message.cost!);
    await expectLedgerInvariant(t);
  });

  it('concurrent messages never spend more than the balance (SECURITY 17, 20)', async () => {
    const u = await insertUser(t);
    await setBalance(t, u.user.id, 1000);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => send(t, u, 'Sinto medo do futuro e não sei o que fazer')),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok.length + refused.length).toBe(8);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    const spent = ok.reduce((n, r) => n + eventsOf(r.body).done!.message.cost!, 0);
    expect(await balanceOf(t, u.user.id)).toBe(1000 - spent);
    expect(await balanceOf(t, u.user.id)).toBeGreaterThanOrEqual(0);
    await expectLedgerInvariant(t);
    expect(
      await t.query(`SELECT 1 FROM credit_reservations WHERE user_id = $1 AND status = 'held'`, [u.user.id]),
    ).toHaveLength(0);
  });
});

describe('safety', () => {
  it.each([
    ['pt-BR', 'Brasil', 'Não aguento mais, quero morrer', '188'],
    ['en-US', 'United States', 'I want to end my life tonight', '988'],
    ['es-ES', 'España', 'Ya no puedo más, quiero quitarme la vida', '024'],
    // The member's country, when it has a line, comes first, whatever the language.
    ['pt-BR', 'Portugal', 'Não aguento mais, quero morrer', '808 24 24 24'],
    ['es-ES', 'México', 'Ya no puedo más, quiero quitarme la vida', '800 911 2000'],
    ['en-US', 'UK', 'I want to end my life tonight', '116 123'],
    ['en-US', 'Brasil', 'I want to end my life tonight', '188'],
    // A country with no line here: the language's own line.
    ['pt-BR', 'Angola', 'Não aguento mais, quero morrer', '188'],
  ])(
    'a message with signs of crisis (%s, from %s) gets the helpline first, free, even with no credits',
    async (locale, country, text, phone) => {
      const u = await insertUser(t, { country });
      await setBalance(t, u.user.id, 0);
      const res = await send(t, u, text, undefined, locale);
      expect(res.statusCode, res.body).toBe(200);
      const { done, text: written } = eventsOf(res.body);
      expect(done!.message).toMatchObject({ kind: 'crisis', status: 'done', cost: 0 });
      // The helpline number stands in the first lines.
      expect(written.split('\n').slice(0, 3).join('\n')).toContain(phone);
      expect(done!.balance).toBe(0);
      expect(
        await t.query('SELECT 1 FROM credit_ledger WHERE user_id = $1 AND kind = $2', [u.user.id, 'reserve']),
      ).toHaveLength(0);
    },
  );

  it('limits each user to 10 messages a minute', async () => {
    const u = await insertUser(t);
    const other = await insertUser(t);
    for (let i = 0; i < 10; i++) expect((await send(t, u, 'Olá', randomUUID())).statusCode).toBe(404);
    const limited = await send(t, u, 'Olá', randomUUID());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another user is not affected; a minute later the user may write again.
    expect((await send(t, other, 'Olá', randomUUID())).statusCode).toBe(404);
    t.clock.advance(61_000);
    await t.query(`UPDATE sessions SET last_seen_at = $1 WHERE user_id = $2`, [t.clock.now(), u.user.id]);
    expect((await send(t, u, 'Olá', randomUUID())).statusCode).toBe(404);
  });
});

describe('conversations', () => {
  it('list, open, rename and delete, newest first', async () => {
    const u = await insertUser(t);
    await credits.grant(t.database.db, u.user.id, 5000, 'admin_grant', `more:${u.user.id}`);
    const a = eventsOf((await send(t, u, 'Primeira conversa sobre gratidão')).body).start!.conversation;
    t.clock.advance(1000);
    const b = eventsOf((await send(t, u, 'Segunda conversa sobre paz')).body).start!.conversation;
    const list = (await t.request({ url: '/api/chat/conversations', cookie: u.cookie })).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    expect(list.total).toBe(2);

    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/chat/conversations/${a.id}`,
      cookie: u.cookie,
      payload: { title: '  Gratidão  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Gratidão');
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/chat/conversations/${a.id}`,
      cookie: u.cookie,
      payload: { title: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.fields)).toMatch(/nome/);

    const del = await t.request({ method: 'DELETE', url: `/api/chat/conversations/${a.id}`, cookie: u.cookie });
    expect(del.statusCode).toBe(204);
    expect((await t.request({ url: `/api/chat/conversations/${a.id}`, cookie: u.cookie })).statusCode).toBe(404);
    expect(await t.query('SELECT 1 FROM chat_messages WHERE conversation_id = $1', [a.id])).toHaveLength(0);
  });

  it('regenerate replaces the last answer with a different one', async () => {
    const u = await insertUser(t);
    await credits.grant(t.database.db, u.user.id, 5000, 'admin_grant', `more:${u.user.id}`);
    const first = eventsOf((await send(t, u, 'Perdi meu pai e sinto muita saudade')).body);
    const id = first.start!.conversation.id;
    const res = await t.request({ method: 'POST', url: `/api/chat/conversations/${id}/regenerate`, cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const again = eventsOf(res.body);
    expect(again.start!.userMessage.id).toBe(first.start!.userMessage.id);
    expect(again.done!.message.id).not.toBe(first.done!.message.id);
    expect(again.done!.message.content).not.toBe(first.done!.message.content);
    const detail: ConversationDetailDto = (
      await t.request({ url: `/api/chat/conversations/${id}`, cookie: u.cookie })
    ).json();
    expect(detail.messages.map((m) => m.id)).toEqual([first.start!.userMessage.id, again.done!.message.id]);
    await expectLedgerInvariant(t);
  });

  it('an answer left “streaming” by a stopped process is shown as failed, and its hold refunded', async () => {
    const u = await insertUser(t);
    const before = await balanceOf(t, u.user.id);
    const { start } = eventsOf((await send(t, u, 'Quero agradecer pela minha família')).body);
    const after = await balanceOf(t, u.user.id);
    const reservationId = await credits.reserve(t.database.db, u.user.id, 300, `orphan:${u.user.id}`);
    const [orphan] = await t.query<{ id: string }>(
      `INSERT INTO chat_messages (conversation_id, user_id, role, kind, content, status, reservation_id, created_at)
       VALUES ($1, $2, 'assistant', 'answer', '', 'streaming', $3, now() + interval '1 hour') RETURNING id`,
      [start!.conversation.id, u.user.id, reservationId],
    );
    expect(await balanceOf(t, u.user.id)).toBe(after - 300);
    const detail: ConversationDetailDto = (
      await t.request({ url: `/api/chat/conversations/${start!.conversation.id}`, cookie: u.cookie })
    ).json();
    expect(detail.messages.find((m) => m.id === orphan!.id)?.status).toBe('failed');
    expect(await balanceOf(t, u.user.id)).toBe(after);
    expect(after).toBeLessThan(before);
  });
});

describe('grounding', () => {
  it('links only references that exist in the installed texts', async () => {
    const text = [
      'Como diz João 3:16, e também Filipenses 4:6-7.',
      'Mas Mateus 99:99 não existe, e João 3:30 não está instalado.',
      'O Tao Te Ching 33:1 fala de conhecer a si mesmo; o Alcorão 2:286 não está instalado.',
    ].join('\n');
    const cites = await checkCitations(t.database.db, text, [], 'pt');
    const by = Object.fromEntries(cites.map((c) => [c.label, c]));
    expect(by['João 3:16']).toMatchObject({ valid: true, textId: 'porblivre', book: 'John', chapter: 3, verse: 16 });
    expect(by['Filipenses 4:6-7']).toMatchObject({ valid: true, verse: 6, verseEnd: 7 });
    expect(by['Tao Te Ching 33:1']).toMatchObject({ valid: true, textId: 'tao-te-ching-legge', chapter: 33, verse: 1 });
    for (const label of ['Mateus 99:99', 'João 3:30', 'Alcorão 2:286'])
      expect(by[label], label).toMatchObject({ valid: false, textId: null, book: null });
  });
});

describe('stop and resume (answers written over time)', () => {
  let s: TestApp;
  let base: string;
  beforeAll(async () => {
    s = await createTestApp({ AI_STREAM_PACE_MS: '25' });
    await insertScriptureFixtures(s);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = s.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => s?.close());

  /** Opens an answer's stream over HTTP; yields its events as they come. */
  const open = (user: TestUser, path: string, body?: unknown, signal?: AbortSignal) =>
    openStream(`${base}${path}`, { cookie: user.cookie, origin: s.config.APP_URL, body, signal });

  it('stop ends the answer early: it keeps and costs only what was written', async () => {
    const u = await insertUser(s);
    const before = await balanceOf(s, u.user.id);
    const question = 'Estou cansado e quero desistir de tudo no trabalho';
    let start: Start | undefined;
    let written = '';
    let done: Done | undefined;
    let stopped: ChatMessageDto | undefined;
    for await (const e of open(u, '/api/chat/messages', { content: question })) {
      if (e.type === 'start') start = e;
      if (e.type === 'delta') {
        written += e.text;
        if (!stopped && written.length > 20) {
          const res = await s.request({
            method: 'POST',
            url: `/api/chat/messages/${start!.assistantMessage.id}/stop`,
            cookie: u.cookie,
          });
          expect(res.statusCode, res.body).toBe(200);
          stopped = res.json();
        }
      }
      if (e.type === 'done') done = e;
    }
    expect(done!.message.status).toBe('stopped');
    expect(stopped).toMatchObject({ id: start!.assistantMessage.id, status: 'stopped' });
    expect(done!.message.content).toBe(written);
    expect(written.length).toBeLessThan(250);
    expect(done!.message.cost).toBe(countTokens(question) + countTokens(written));
    expect(await balanceOf(s, u.user.id)).toBe(before - done!.message.cost!);
    await expectLedgerInvariant(s);
  });

  it('an answer goes on when the browser leaves, and a reload re-attaches to it', async () => {
    const u = await insertUser(s);
    const leave = new AbortController();
    let start: Start | undefined;
    try {
      for await (const e of open(
        u,
        '/api/chat/messages',
        { content: 'Como encontrar sentido na vida?' },
        leave.signal,
      )) {
        if (e.type === 'start') start = e;
        if (e.type === 'delta') leave.abort();
      }
    } catch (err) {
      expect((err as Error).name).toBe('AbortError');
    }
    const id = start!.assistantMessage.id;
    const mid: ConversationDetailDto = (
      await s.request({ url: `/api/chat/conversations/${start!.conversation.id}`, cookie: u.cookie })
    ).json();
    expect(mid.messages.find((m) => m.id === id)?.status).toBe('streaming');

    // Busy: the conversation takes no new message until its answer is written.
    const busy = await send(s, u, 'Mais uma coisa', start!.conversation.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('CHAT_BUSY');

    let text = '';
    let done: Done | undefined;
    for await (const e of open(u, `/api/chat/messages/${id}/stream`)) {
      if (e.type === 'delta') text += e.text;
      if (e.type === 'done') done = e;
    }
    expect(done!.message.status).toBe('done');
    expect(text).toBe(done!.message.content);
    // Finished: the same route answers at once with the whole answer.
    const again = eventsOf((await s.request({ url: `/api/chat/messages/${id}/stream`, cookie: u.cookie })).body);
    expect(again.text).toBe(done!.message.content);
    expect(again.done!.message.status).toBe('done');
  });
});
