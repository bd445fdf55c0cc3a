import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_EMAIL_IP_LIMIT } from '@candeia/shared/constants';
import { CHAT_RATE_LIMIT, type ChatMessageDto, type ConversationDetailDto } from '@candeia/shared/schemas/chat';
import { countTokens } from '../src/modules/chat/engine.ts';
import { STALE_MS } from '../src/modules/chat/service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant } from './support/billing.ts';
import { openStream, type DoneEvent, type StartEvent } from './support/chat.ts';
import { insertUser, uniqueIp, type TestUser } from './support/factories.ts';
import { insertScriptureFixtures } from './support/scripture.ts';

/**
 * Two server processes on one database (decision 015): two apps, each with its own pool, event
 * bus and memory, as `npm run start:cluster` runs them. What one starts, the other sees: an
 * answer being written (followed, stopped, waited for), and the rate limits.
 */

let a: TestApp;
let b: TestApp;
const base: Record<'a' | 'b', string> = { a: '', b: '' };

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

beforeAll(async () => {
  // Answers written over time (25 ms a piece), so there is time to act while one is written.
  a = await createTestApp({ AI_STREAM_PACE_MS: '25' });
  b = await createTestApp({ AI_STREAM_PACE_MS: '25' }, { sameDatabaseAs: a });
  await insertScriptureFixtures(a);
  base.a = await listen(a);
  base.b = await listen(b);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

type Start = StartEvent;
type Done = DoneEvent;

/** Opens an answer's stream over HTTP on one process; yields its events as they come. */
function open(where: 'a' | 'b', user: TestUser, path: string, body?: unknown, signal?: AbortSignal) {
  return openStream(`${base[where]}${path}`, { cookie: user.cookie, origin: a.config.APP_URL, body, signal });
}

/** Starts an answer on process A and leaves its stream after the first pieces: A goes on writing. */
async function startOnA(user: TestUser, content = 'Como encontrar sentido na vida?'): Promise<Start> {
  const leave = new AbortController();
  let start: Start | undefined;
  let written = '';
  try {
    for await (const e of open('a', user, '/api/chat/messages', { content }, leave.signal)) {
      if (e.type === 'start') start = e;
      if (e.type === 'delta') written += e.text;
      if (written.length > 30) leave.abort();
    }
  } catch (err) {
    expect((err as Error).name).toBe('AbortError');
  }
  return start!;
}

async function conversation(app: TestApp, user: TestUser, id: string): Promise<ConversationDetailDto> {
  const res = await app.request({ url: `/api/chat/conversations/${id}`, cookie: user.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a chat answer written by one process', () => {
  it('streams through the other after a reload: what is saved, then each piece, then done', async () => {
    const u = await insertUser(a);
    const start = await startOnA(u);
    const id = start.assistantMessage.id;
    // Process B does not take it for an orphan: it is still being written, with some text saved.
    const mid = await conversation(b, u, start.conversation.id);
    expect(mid.messages.find((m) => m.id === id)?.status).toBe('streaming');

    const deltas: string[] = [];
    let done: Done | undefined;
    let deltasBeforeDone = 0;
    for await (const e of open('b', u, `/api/chat/messages/${id}/stream`)) {
      if (e.type === 'delta') deltas.push(e.text);
      if (e.type === 'done') {
        done = e;
        deltasBeforeDone = deltas.length;
      }
    }
    expect(done!.message.status).toBe('done');
    expect(deltas.join('')).toBe(done!.message.content);
    // Followed as it was written (the saved text first, then more pieces), not read once at the end.
    expect(deltasBeforeDone).toBeGreaterThan(1);
    expect(done!.balance).toBe(await balanceOf(a, u.user.id));
    expect(done!.message.cost).toBeGreaterThan(0);
    await expectLedgerInvariant(a);
  });

  it('is busy in the other process too, and the other can stop it: it keeps and costs what was written', async () => {
    const u = await insertUser(a);
    const before = await balanceOf(a, u.user.id);
    const question = 'Estou cansado e quero desistir de tudo no trabalho';
    const start = await startOnA(u, question);
    const id = start.assistantMessage.id;
    const busy = await b.request({
      method: 'POST',
      url: '/api/chat/messages',
      cookie: u.cookie,
      payload: { conversationId: start.conversation.id, content: 'Mais uma coisa' },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('CHAT_BUSY');

    const res = await b.request({ method: 'POST', url: `/api/chat/messages/${id}/stop`, cookie: u.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const stopped: ChatMessageDto = res.json();
    expect(stopped.status).toBe('stopped');
    expect(stopped.content.length).toBeGreaterThan(0);
    // Stopped long before its end (a whole answer takes seconds at this pace).
    expect(stopped.content.length).toBeLessThan(400);
    expect(stopped.cost).toBe(countTokens(question) + countTokens(stopped.content));
    expect(await balanceOf(a, u.user.id)).toBe(before - stopped.cost!);
    // Both processes read the same settled answer.
    const onA = await conversation(a, u, start.conversation.id);
    expect(onA.messages.find((m) => m.id === id)).toMatchObject({ status: 'stopped', content: stopped.content });
    await expectLedgerInvariant(a);
  });

  it('deleting its conversation through the other process stops it first', async () => {
    const u = await insertUser(a);
    const start = await startOnA(u);
    const res = await b.request({
      method: 'DELETE',
      url: `/api/chat/conversations/${start.conversation.id}`,
      cookie: u.cookie,
    });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await a.query('SELECT id FROM chat_messages WHERE conversation_id = $1', [start.conversation.id]);
    expect(rows).toEqual([]);
    // Settled before the delete answered (the answer alone takes seconds): its hold is no longer held.
    const holds = await a.query<{ status: string }>('SELECT status FROM credit_reservations WHERE user_id = $1', [
      u.user.id,
    ]);
    expect(holds).toHaveLength(1);
    expect(holds[0]!.status).not.toBe('held');
    await expectLedgerInvariant(a);
  });

  it('one whose writer fell silent is an orphan for the other process, and is failed there', async () => {
    const u = await insertUser(a);
    const start = await startOnA(u);
    const id = start.assistantMessage.id;
    // Process A is writing it: B leaves it alone.
    expect((await conversation(b, u, start.conversation.id)).messages.find((m) => m.id === id)?.status).toBe(
      'streaming',
    );
    // Let it finish, then pretend it never did: a writer that stopped beating STALE_MS ago.
    for await (const e of open('a', u, `/api/chat/messages/${id}/stream`)) if (e.type === 'done') break;
    await a.query(
      `UPDATE chat_messages SET status = 'streaming', progress_at = now() - make_interval(secs => $2) WHERE id = $1`,
      [id, (STALE_MS - 3000) / 1000],
    );
    expect((await conversation(b, u, start.conversation.id)).messages.find((m) => m.id === id)?.status).toBe(
      'streaming',
    );
    await a.query(`UPDATE chat_messages SET progress_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      id,
      (STALE_MS + 1000) / 1000,
    ]);
    expect((await conversation(b, u, start.conversation.id)).messages.find((m) => m.id === id)?.status).toBe('failed');
  });
});

describe('rate limits shared by the processes', () => {
  function expectLimited(res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('a per-IP limit counts the hits on both processes together', async () => {
    const ip = uniqueIp();
    const verify = (app: TestApp) =>
      app.request({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: 'a'.repeat(43) },
        remoteAddress: ip,
      });
    for (let i = 0; i < VERIFY_EMAIL_IP_LIMIT.max; i++) {
      const res = await verify(i % 2 === 0 ? a : b);
      expect(res.statusCode, res.body).toBe(400);
    }
    expectLimited(await verify(a));
    expectLimited(await verify(b));
    // Another address is not affected; the window ends for both.
    expect(
      (
        await b.request({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { token: 'a'.repeat(43) },
          remoteAddress: uniqueIp(),
        })
      ).statusCode,
    ).toBe(400);
    a.clock.advance(VERIFY_EMAIL_IP_LIMIT.windowMs);
    expect((await verify(b)).statusCode).toBe(400);
  });

  it('the chat’s per-user limit counts the messages sent to both processes', async () => {
    const u = await insertUser(a);
    const send = (app: TestApp) =>
      app.request({
        method: 'POST',
        url: '/api/chat/messages',
        cookie: u.cookie,
        payload: { conversationId: '00000000-0000-4000-8000-00000000abcd', content: 'Olá' },
      });
    for (let i = 0; i < CHAT_RATE_LIMIT; i++) expect((await send(i % 2 === 0 ? a : b)).statusCode).toBe(404);
    expectLimited(await send(a));
    expectLimited(await send(b));
  });
});
